import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { adminAttentionSchema } from '#shared/admin-dashboard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { adminAttention } from './attention.ts';

export interface DashboardAdminRoutesOptions {
  db: Database;
}

const e = apiErrorSchema;

/** The back office's dashboard (under /api/admin, ADR 0044). */
export const dashboardAdminRoutes: FastifyPluginAsyncZod<DashboardAdminRoutesOptions> = async (app, { db }) => {
  app.get(
    '/dashboard/attention',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What needs an administrator now: open disputes, identity checks, payout requests, mismatched payments',
        response: { 200: adminAttentionSchema, 401: e, 403: e },
      },
    },
    async (req) => {
      member(req);
      return adminAttention(db);
    },
  );
};
