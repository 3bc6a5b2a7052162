import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { adminSettingsChangeSchema, adminSettingsSchema } from '#shared/admin-settings.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { publicSettingsSchema } from '#shared/settings.ts';
import { changeSettings, getAdminSettings } from './admin.ts';
import type { SettingsStore } from './store.ts';

export interface SettingsRoutesOptions {
  settings: SettingsStore;
}

/** System settings: the public part every browser prices and checks a package with. */
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

export interface SettingsAdminRoutesOptions {
  db: Database;
  settings: SettingsStore;
}

const e = apiErrorSchema;

/** System settings in the back office (under /api/admin, ADR 0044): read them all, change some. */
export const settingsAdminRoutes: FastifyPluginAsyncZod<SettingsAdminRoutesOptions> = async (app, { db, settings }) => {
  app.get(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every system setting in force, its default, and who changed it last and when',
        response: { 200: adminSettingsSchema, 401: e, 403: e },
      },
    },
    async (req) => {
      member(req);
      return getAdminSettings(db, settings);
    },
  );

  app.patch(
    '/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change one or more settings, with a reason; applies from the next request on every node',
        body: adminSettingsChangeSchema,
        response: { 200: adminSettingsSchema, 400: e, 401: e, 403: e },
      },
    },
    async (req) => {
      const me = member(req);
      return changeSettings(db, settings, me.id, req.body);
    },
  );
};
