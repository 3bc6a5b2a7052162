import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { packageParamsSchema } from '#shared/packages.ts';
import { publicProfileParamsSchema } from '#shared/profiles.ts';
import {
  memberReviewsQuerySchema,
  memberReviewsSchema,
  packageReviewStateSchema,
  writeReviewSchema,
} from '#shared/reviews.ts';
import { getPackageReviewState, listMemberReviews, writeReview } from './service.ts';

export interface ReviewRoutesOptions {
  db: Database;
  notifier: Notifier;
  /** The app's clock: when reviews are revealed and the period closes. */
  clock: () => Date;
}

const e = apiErrorSchema;

/** Reviews: each side of a completed package reviews the other; members' revealed reviews. */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (app, { db, notifier, clock }) => {
  app.post(
    '/api/packages/:id/review',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['reviews'],
        summary: 'Review the other side of a completed package (once; 1–5 stars and an optional comment)',
        params: packageParamsSchema,
        body: writeReviewSchema,
        response: { 201: packageReviewStateSchema, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (req, reply) => {
      const me = member(req);
      const state = await writeReview(db, notifier, me, req.params.id, req.body, clock());
      return reply.code(201).send(state);
    },
  );

  app.get(
    '/api/packages/:id/review',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['reviews'],
        summary: 'Where I stand on reviewing a package: may I, my review, and theirs once it is revealed',
        params: packageParamsSchema,
        response: { 200: packageReviewStateSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => getPackageReviewState(db, member(req).id, req.params.id, clock()),
  );

  app.get(
    '/api/users/:id/reviews',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['reviews'],
        summary: "A member's revealed reviews, newest first, with their rating; readable by visitors too",
        params: publicProfileParamsSchema,
        querystring: memberReviewsQuerySchema,
        response: { 200: memberReviewsSchema, 400: e, 404: e },
      },
    },
    async (req) => listMemberReviews(db, req.params.id, req.query, clock()),
  );
};
