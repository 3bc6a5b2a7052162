import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import { appMetaSchema } from '#shared/meta.ts';
import type { PayoutMethod } from '#shared/payouts.ts';

export interface MetaRoutesOptions {
  config: Config;
  buildId: string;
  /** payoutMethodsOf(provider): the same list the payout service takes. */
  payoutMethods: readonly PayoutMethod[];
}

export const metaRoutes: FastifyPluginAsyncZod<MetaRoutesOptions> = async (app, { config, buildId, payoutMethods }) => {
  app.get(
    '/api/meta',
    {
      config: { auth: 'visitor' },
      schema: { tags: ['ops'], summary: 'Public facts about this server', response: { 200: appMetaSchema } },
    },
    async () => ({
      buildId,
      demoMode: config.demoMode,
      googleSignIn: Boolean(config.google),
      payoutMethods: [...payoutMethods],
    }),
  );
};
