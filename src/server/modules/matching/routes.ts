import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { matchQuerySchema, packageMatchPageSchema, travelerMatchPageSchema } from '#shared/matching.ts';
import { packageParamsSchema } from '#shared/packages.ts';
import { travelPlanParamsSchema } from '#shared/travel-plans.ts';
import { matchPackagesForPlan, matchTravelersForPackage, myPackagesForPlan, myTripsForPackage } from './service.ts';

export interface MatchingRoutesOptions {
  db: Database;
  settings: SettingsStore;
  /** The app's clock: which reviews count towards the ratings on the cards and in the order. */
  clock?: () => Date;
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Matching: packages for my trip, travelers for my package. */
export const matchingRoutes: FastifyPluginAsyncZod<MatchingRoutesOptions> = async (
  app,
  { db, settings, clock = () => new Date() },
) => {
  app.get(
    '/api/travel-plans/:id/matches',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['matching'],
        summary:
          'Open packages my active trip can carry: pickup near my origin, drop-off near my destination, ' +
          'dates and weight that fit; least detour first (owner or admin). 409 once the trip has left',
        params: travelPlanParamsSchema,
        querystring: matchQuerySchema,
        response: { 200: packageMatchPageSchema, ...errors },
      },
    },
    async (req) => matchPackagesForPlan(db, settings, member(req), req.params.id, req.query, clock()),
  );

  app.get(
    '/api/packages/:id/matches',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['matching'],
        summary:
          'Active travel plans that can carry my open package: origin near its pickup, destination near ' +
          'its drop-off, dates and free capacity that fit; least detour first (sender or admin)',
        params: packageParamsSchema,
        querystring: matchQuerySchema,
        response: { 200: travelerMatchPageSchema, ...errors },
      },
    },
    async (req) => matchTravelersForPackage(db, settings, member(req), req.params.id, req.query, clock()),
  );

  app.get(
    '/api/packages/:id/my-trips',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['matching'],
        summary:
          "My active trips that can carry someone's open package (the same fit as its matches), to offer with one",
        params: packageParamsSchema,
        querystring: matchQuerySchema,
        response: { 200: travelerMatchPageSchema, ...errors },
      },
    },
    async (req) => myTripsForPackage(db, settings, member(req), req.params.id, req.query, clock()),
  );

  app.get(
    '/api/travel-plans/:id/my-packages',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['matching'],
        summary:
          "My open packages that someone's active trip can carry (the same fit as its matches), to invite it for one",
        params: travelPlanParamsSchema,
        querystring: matchQuerySchema,
        response: { 200: packageMatchPageSchema, ...errors },
      },
    },
    async (req) => myPackagesForPlan(db, settings, member(req), req.params.id, req.query, clock()),
  );
};
