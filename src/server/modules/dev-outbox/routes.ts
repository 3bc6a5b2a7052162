import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { devOutboxQuerySchema, devOutboxSchema } from '#shared/dev-outbox.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { listOutbox } from './service.ts';

/**
 * Demo mode only (app.ts registers it only then, so it is a 404 otherwise): the e-mails and text
 * messages the embedded providers kept instead of sending, for /dev/mailbox.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/dev/outbox',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['dev'],
        summary: 'Demo mode: the newest e-mails and text messages in the embedded outbox',
        querystring: devOutboxQuerySchema,
        response: { 200: devOutboxSchema, 400: apiErrorSchema },
      },
    },
    async (req) => listOutbox(db, req.query),
  );
};
