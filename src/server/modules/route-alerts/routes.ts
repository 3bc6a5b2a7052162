import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  createRouteAlertSchema,
  routeAlertListSchema,
  routeAlertParamsSchema,
  routeAlertSchema,
} from '#shared/route-alerts.ts';
import { createRouteAlert, deleteRouteAlert, listRouteAlerts } from './service.ts';

export interface RouteAlertRoutesOptions {
  db: Database;
  settings: SettingsStore;
}

const e = apiErrorSchema;

/** A member's saved routes (docs/product.md §3.5): only their own, for any member. */
export const routeAlertRoutes: FastifyPluginAsyncZod<RouteAlertRoutesOptions> = async (app, { db, settings }) => {
  app.get(
    '/api/route-alerts',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['route alerts'],
        summary: 'My route alerts, newest first, with how much each has found',
        response: { 200: routeAlertListSchema, 401: e },
      },
    },
    async (req) => listRouteAlerts(db, member(req).id),
  );

  app.post(
    '/api/route-alerts',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['route alerts'],
        summary: 'Save a route (two cities, a radius, optional days) or one of my active trips as an alert',
        body: createRouteAlertSchema,
        response: { 200: routeAlertSchema, 201: routeAlertSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (req, reply) => {
      const { alert, created } = await createRouteAlert(db, settings, member(req).id, req.body);
      return reply.code(created ? 201 : 200).send(alert);
    },
  );

  app.delete(
    '/api/route-alerts/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['route alerts'],
        summary: 'Delete one of my route alerts',
        params: routeAlertParamsSchema,
        response: { 204: z.null().meta({ description: 'Deleted' }), 400: e, 401: e, 404: e },
      },
    },
    async (req, reply) => {
      await deleteRouteAlert(db, member(req).id, req.params.id);
      return reply.code(204).send(null);
    },
  );
};
