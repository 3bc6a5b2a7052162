import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { adminReasonSchema } from '#shared/admin-requests.ts';
import {
  adminTravelPlanListQuerySchema,
  adminTravelPlanPageSchema,
  adminTravelPlanSchema,
} from '#shared/admin-travel-plans.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { travelPlanParamsSchema } from '#shared/travel-plans.ts';
import { adminCancelTravelPlan, getAdminTravelPlan, listAdminTravelPlans } from './admin.ts';

export interface TravelPlanAdminRoutesOptions {
  db: Database;
  notifier: Notifier;
}

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e };

/** Travel plans in the back office (under /api/admin, ADR 0044): the list, one trip, a cancellation. */
export const travelPlanAdminRoutes: FastifyPluginAsyncZod<TravelPlanAdminRoutesOptions> = async (
  app,
  { db, notifier },
) => {
  app.get(
    '/travel-plans',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Travel plans by status, traveler, origin and destination city (prefix) and departure; q is an exact id (keyset cursor)',
        querystring: adminTravelPlanListQuerySchema,
        response: { 200: adminTravelPlanPageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listAdminTravelPlans(db, req.query);
    },
  );

  app.get(
    '/travel-plans/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One travel plan: its traveler, the packages it carries, its requests and its timeline',
        params: travelPlanParamsSchema,
        response: { 200: adminTravelPlanSchema, ...errors, 404: e },
      },
    },
    async (req) => {
      member(req);
      return getAdminTravelPlan(db, req.params.id);
    },
  );

  app.post(
    '/travel-plans/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Cancel an active trip with a reason for the audit log: its pending requests end; refused while it carries accepted packages',
        params: travelPlanParamsSchema,
        body: adminReasonSchema,
        response: { 200: adminTravelPlanSchema, ...errors, 404: e, 409: e },
      },
    },
    async (req) => {
      const me = member(req);
      return adminCancelTravelPlan(db, notifier, me.id, req.params.id, req.body.reason);
    },
  );
};
