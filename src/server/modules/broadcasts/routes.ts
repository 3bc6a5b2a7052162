import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import {
  broadcastAudienceQuerySchema,
  broadcastAudienceSchema,
  broadcastDraftSchema,
  broadcastListQuerySchema,
  broadcastPageSchema,
  broadcastParamsSchema,
  broadcastSchema,
} from '#shared/admin-broadcasts.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { audienceOf, createBroadcast, getBroadcast, listBroadcasts } from './admin.ts';
import type { Broadcaster } from './sender.ts';

export interface BroadcastAdminRoutesOptions {
  db: Database;
  broadcaster: Broadcaster;
}

const e = apiErrorSchema;

/** Broadcasts in the back office (under /api/admin, ADR 0044). */
export const broadcastAdminRoutes: FastifyPluginAsyncZod<BroadcastAdminRoutesOptions> = async (
  app,
  { db, broadcaster },
) => {
  app.post(
    '/broadcasts/audience',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many members a segment reaches now (nothing is sent)',
        body: broadcastAudienceQuerySchema,
        response: { 200: broadcastAudienceSchema, 400: e, 401: e, 403: e },
      },
    },
    async (req) => {
      member(req);
      return audienceOf(db, req.body.segment);
    },
  );

  app.post(
    '/broadcasts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a notification to a segment: queued at once, written in batches in the background (audited)',
        body: broadcastDraftSchema,
        response: { 201: broadcastSchema, 400: e, 401: e, 403: e },
      },
    },
    async (req, reply) => {
      const id = await createBroadcast(db, member(req).id, req.body);
      broadcaster.start(id);
      return reply.status(201).send(await getBroadcast(db, id));
    },
  );

  app.get(
    '/broadcasts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Broadcasts, newest first, with their audience, delivered and read counts',
        querystring: broadcastListQuerySchema,
        response: { 200: broadcastPageSchema, 400: e, 401: e, 403: e },
      },
    },
    async (req) => {
      member(req);
      return listBroadcasts(db, req.query.cursor);
    },
  );

  app.get(
    '/broadcasts/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One broadcast and its progress',
        params: broadcastParamsSchema,
        response: { 200: broadcastSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => {
      member(req);
      return getBroadcast(db, req.params.id);
    },
  );
};
