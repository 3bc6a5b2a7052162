import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '#server/db/client.ts';
import { healthSchema, readySchema } from '#shared/meta.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: { auth: 'visitor' },
      schema: { tags: ['ops'], summary: 'The process is up', response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['ops'],
        summary: 'The database answers (503 otherwise)',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_req, reply) => {
      const database_ok = await database.ping();
      return reply
        .code(database_ok ? 200 : 503)
        .send({ status: database_ok ? ('ready' as const) : ('unavailable' as const), database: database_ok });
    },
  );
};
