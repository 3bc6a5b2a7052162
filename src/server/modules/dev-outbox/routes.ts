import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';

/** Demo mode only: the embedded mail and SMS outbox (being built). */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
