import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { isLoopbackAddress } from '#server/lib/loopback.ts';
import { errorBody } from '#server/plugins/errors.ts';
import { devOutboxQuerySchema, devOutboxSchema } from '#shared/dev-outbox.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { listOutbox } from './service.ts';

/**
 * Demo mode only (app.ts registers it only then, so it is a 404 otherwise): the e-mails and text
 * messages the embedded providers kept instead of sending, for /dev/mailbox. They hold sign-in and
 * reset links, so only a client on this machine is answered; the socket's own address decides,
 * never a header a client could write (ADR 0029). Anyone else gets the 404 of an unknown path.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onRequest', async (req, reply) => {
    if (isLoopbackAddress(req.socket.remoteAddress)) return;
    const pathname = new URL(req.url, 'http://x').pathname;
    return reply.code(404).send(errorBody('NOT_FOUND', { message: `No such endpoint: ${req.method} ${pathname}` }));
  });

  app.get(
    '/api/dev/outbox',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['dev'],
        summary: 'Demo mode, this machine only: the newest e-mails and text messages in the embedded outbox',
        querystring: devOutboxQuerySchema,
        response: { 200: devOutboxSchema, 400: apiErrorSchema },
      },
    },
    async (req) => listOutbox(db, req.query),
  );
};
