import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import {
  adminAttentionSchema,
  dashboardFiguresSchema,
  dashboardPeriodQuerySchema,
  dashboardPeriodSchema,
} from '#shared/admin-dashboard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { adminAttention } from './attention.ts';
import { dashboardFigures, periodFigures } from './figures.ts';

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

  app.get(
    '/dashboard/figures',
    {
      schema: {
        tags: ['admin'],
        summary: 'The marketplace now: members and verified members, packages by status, active trips, escrow held',
        response: { 200: dashboardFiguresSchema, 401: e, 403: e },
      },
    },
    async (req) => {
      member(req);
      return dashboardFigures(db);
    },
  );

  app.get(
    '/dashboard/period',
    {
      schema: {
        tags: ['admin'],
        summary: "A period's money by currency and its activity per UTC day (both days included, a year at most)",
        querystring: dashboardPeriodQuerySchema,
        response: { 200: dashboardPeriodSchema, 400: e, 401: e, 403: e },
      },
    },
    async (req) => {
      member(req);
      return periodFigures(db, req.query, new Date());
    },
  );
};
