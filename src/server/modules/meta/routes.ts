import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import { appMetaSchema } from '#shared/meta.ts';

export const metaRoutes: FastifyPluginAsyncZod<{ config: Config; buildId: string }> = async (
  app,
  { config, buildId },
) => {
  app.get(
    '/api/meta',
    { schema: { tags: ['ops'], summary: 'Public facts about this server', response: { 200: appMetaSchema } } },
    async () => ({ buildId, demoMode: config.demoMode, googleSignIn: Boolean(config.google) }),
  );
};
