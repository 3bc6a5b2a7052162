import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { auditListQuerySchema, auditPageSchema } from '#shared/audit.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { listAudit } from './service.ts';

export interface AuditRoutesOptions {
  db: Database;
}

/** The back office's audit log (docs/product.md §8): read only; services write it (recordAudit). */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { db }) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The audit log, newest first, by actor, action, subject (subjectType and subjectId: one record’s timeline) and period (keyset cursor)',
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (req) => {
      member(req);
      return listAudit(db, req.query);
    },
  );
};
