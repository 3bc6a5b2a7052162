import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  createTravelPlanSchema,
  travelPlanListQuerySchema,
  travelPlanPageSchema,
  travelPlanParamsSchema,
  travelPlanSchema,
  updateTravelPlanSchema,
} from '#shared/travel-plans.ts';
import { cancelTravelPlan, createTravelPlan, getTravelPlan, listTravelPlans, updateTravelPlan } from './service.ts';

export interface TravelPlanRoutesOptions {
  db: Database;
  notifier: Notifier;
  settings: SettingsStore;
}

const e = apiErrorSchema;

/** Travel plans: create, edit and cancel my trips; read one. Matching lives in its own module. */
export const travelPlanRoutes: FastifyPluginAsyncZod<TravelPlanRoutesOptions> = async (
  app,
  { db, notifier, settings },
) => {
  app.post(
    '/api/travel-plans',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['travel-plans'],
        summary: 'Add a trip I am making: where, when, how, and how many kg I can carry',
        body: createTravelPlanSchema,
        response: { 201: travelPlanSchema, 400: e, 401: e },
      },
    },
    async (req, reply) => {
      const me = member(req);
      return reply.code(201).send(await createTravelPlan(db, notifier, settings, me, req.body));
    },
  );

  app.get(
    '/api/travel-plans',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['travel-plans'],
        summary: 'My travel plans, a page at a time (active: soonest departure first; otherwise latest first)',
        querystring: travelPlanListQuerySchema,
        response: { 200: travelPlanPageSchema, 400: e, 401: e },
      },
    },
    async (req) => listTravelPlans(db, member(req), req.query),
  );

  app.get(
    '/api/travel-plans/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['travel-plans'],
        summary: "A travel plan: all of it for its traveler or an admin; an active one's cities for other members",
        params: travelPlanParamsSchema,
        response: { 200: travelPlanSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => getTravelPlan(db, member(req), req.params.id),
  );

  app.patch(
    '/api/travel-plans/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['travel-plans'],
        summary: 'Change my active travel plan; the rules are checked over the plan as it would be saved',
        params: travelPlanParamsSchema,
        body: updateTravelPlanSchema,
        response: { 200: travelPlanSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => updateTravelPlan(db, settings, member(req), req.params.id, req.body),
  );

  app.post(
    '/api/travel-plans/:id/cancel',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['travel-plans'],
        summary: 'Cancel my active travel plan',
        params: travelPlanParamsSchema,
        response: { 200: travelPlanSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req) => cancelTravelPlan(db, notifier, member(req), req.params.id),
  );
};
