import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/errors.ts';
import { placeSearchQuerySchema, placeSearchResultSchema } from '#shared/places.ts';
import { searchPlaces } from './service.ts';

/** Place search: public, since it is read-only reference data that visitors search too. */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/places',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['places'],
        summary: 'Cities whose name starts with q (accents and case ignored), most populous first',
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResultSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      // The data only changes with a deploy, so a browser may reuse an answer while someone types.
      reply.header('cache-control', 'public, max-age=3600');
      return searchPlaces(req.query);
    },
  );
};
