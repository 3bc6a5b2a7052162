import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '#shared/settings.ts';
import type { SettingsStore } from './store.ts';

export interface SettingsRoutesOptions {
  settings: SettingsStore;
}

/** System settings: the public part; the admin page that edits them comes with the back office. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { settings }) => {
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
    async () => settings.currentPublic(),
  );
};
