import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import {
  packageBrowsePageSchema,
  packageBrowseQuerySchema,
  publicTripCardSchema,
  tripBrowsePageSchema,
  tripBrowseQuerySchema,
} from '#shared/browse.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { travelPlanParamsSchema } from '#shared/travel-plans.ts';
import { browsePackages, browseTrip, browseTrips } from './service.ts';

export interface BrowseRoutesOptions {
  db: Database;
  settings: SettingsStore;
  clock?: () => Date;
}

/** Listings anyone may read, signed in or not (docs/product.md §3.4). */
export const browseRoutes: FastifyPluginAsyncZod<BrowseRoutesOptions> = async (
  app,
  { db, settings, clock = () => new Date() },
) => {
  app.get(
    '/api/browse/packages',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['browse'],
        summary:
          'Open packages, near two cities when given (from/to: city slugs such as paris-fr), filtered and sorted; ' +
          'cities, first names and ratings only',
        querystring: packageBrowseQuerySchema,
        response: { 200: packageBrowsePageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => browsePackages(db, settings, req.query, clock()),
  );

  app.get(
    '/api/browse/trips',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['browse'],
        summary:
          'Active trips that have not left, near two cities when given (city slugs), with room to spare; ' +
          'cities, first names and ratings only',
        querystring: tripBrowseQuerySchema,
        response: { 200: tripBrowsePageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => browseTrips(db, settings, req.query, clock()),
  );

  app.get(
    '/api/browse/trips/:id',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['browse'],
        summary: 'One active trip that has not left, as a stranger sees it; 404 otherwise',
        params: travelPlanParamsSchema,
        response: { 200: publicTripCardSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => browseTrip(db, req.params.id, clock()),
  );
};
