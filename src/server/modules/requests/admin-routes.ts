import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { member } from '#server/plugins/auth-guard.ts';
import {
  adminReasonSchema,
  adminRequestListQuerySchema,
  adminRequestPageSchema,
  adminRequestSchema,
} from '#shared/admin-requests.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { requestParamsSchema } from '#shared/requests.ts';
import { adminCloseRequest, getAdminRequest, listAdminRequests } from './admin.ts';

export interface RequestAdminRoutesOptions {
  db: Database;
  notifier: Notifier;
}

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e };

/** Requests in the back office (under /api/admin, ADR 0044): the list, one request, and closing an open one, pending or agreed with the difference unpaid (withdrawn or expired). */
export const requestAdminRoutes: FastifyPluginAsyncZod<RequestAdminRoutesOptions> = async (app, { db, notifier }) => {
  app.get(
    '/requests',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Requests by status, kind, package, traveler, sender, trip and period; q is an exact id (keyset cursor)',
        querystring: adminRequestListQuerySchema,
        response: { 200: adminRequestPageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listAdminRequests(db, req.query);
    },
  );

  app.get(
    '/requests/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One request: its package, trip, both members and what happened to it',
        params: requestParamsSchema,
        response: { 200: adminRequestSchema, ...errors, 404: e },
      },
    },
    async (req) => {
      member(req);
      return getAdminRequest(db, req.params.id);
    },
  );

  for (const closing of ['withdraw', 'expire'] as const) {
    app.post(
      `/requests/:id/${closing}`,
      {
        schema: {
          tags: ['admin'],
          summary:
            closing === 'withdraw'
              ? 'Withdraw an open request (pending, or agreed and not yet paid), with a reason for the audit log; both members are told'
              : 'Close an open request (pending, or agreed and not yet paid) as expired, with a reason for the audit log; both members are told',
          params: requestParamsSchema,
          body: adminReasonSchema,
          response: { 200: adminRequestSchema, ...errors, 404: e, 409: e },
        },
      },
      async (req) => {
        const me = member(req);
        return adminCloseRequest(db, notifier, {
          adminId: me.id,
          requestId: req.params.id,
          reason: req.body.reason,
          closing,
        });
      },
    );
  }
};
