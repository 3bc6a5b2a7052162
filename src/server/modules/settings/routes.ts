import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { publicSettingsSchema } from '#shared/settings.ts';
import { getPublicSettings } from './service.ts';

export interface SettingsRoutesOptions {
  db: Database;
}

/** System settings: the public part; the admin page that edits them comes with the back office. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { db }) => {
  app.get(
    '/api/settings/public',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['settings'],
        summary: 'The limits, fee and prohibited words packages are checked against; no sign-in needed',
        response: { 200: publicSettingsSchema },
      },
    },
    async (req) => getPublicSettings(db, req.log),
  );
};
