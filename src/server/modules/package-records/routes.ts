import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { listAdminPackages } from '#server/modules/packages/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import {
  adminCancelPackageSchema,
  adminConversationPageSchema,
  adminConversationQuerySchema,
  adminPackageDetailSchema,
  adminPackageListQuerySchema,
  adminPackagePageSchema,
} from '#shared/admin-packages.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { packageParamsSchema } from '#shared/packages.ts';
import { cancelAsAdmin } from './cancel.ts';
import { readPackageConversation } from './conversation.ts';
import { getAdminPackage } from './detail.ts';

export interface PackageAdminRoutesOptions {
  db: Database;
  notifier: Notifier;
  provider: PaymentProvider;
  settings: SettingsStore;
}

const e = apiErrorSchema;
const errors = { 400: e, 401: e, 403: e };

/**
 * The back office's packages (under /api/admin, ADR 0044). They live here rather than in packages
 * because the record and the cancel need payments, which itself depends on packages.
 */
export const packageAdminRoutes: FastifyPluginAsyncZod<PackageAdminRoutesOptions> = async (app, options) => {
  const { db, notifier, provider, settings } = options;

  app.get(
    '/packages',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Packages by status, cities, member, period and title or id, in one of three orders; status=disputed is the disputes queue, oldest first (keyset cursor)',
        querystring: adminPackageListQuerySchema,
        response: { 200: adminPackagePageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listAdminPackages(db, req.query);
    },
  );

  app.get(
    '/packages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "A package's whole record: the package, its payments and journal, requests, timeline and dispute",
        params: packageParamsSchema,
        response: { 200: adminPackageDetailSchema, ...errors, 404: e },
      },
    },
    async (req) => getAdminPackage(db, settings, member(req), req.params.id),
  );

  app.get(
    '/packages/:id/conversation',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The sender's and the traveler's messages, oldest first, read-only; every page read is in the audit log",
        params: packageParamsSchema,
        querystring: adminConversationQuerySchema,
        response: { 200: adminConversationPageSchema, ...errors, 404: e },
      },
    },
    async (req) => readPackageConversation(db, member(req).id, req.params.id, req.query),
  );

  app.post(
    '/packages/:id/cancel',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Cancel a package before completion with the refund policy’s refund; the reason goes in the audit log and both parties are told',
        params: packageParamsSchema,
        body: adminCancelPackageSchema,
        response: { 200: adminPackageDetailSchema, ...errors, 404: e, 409: e, 503: e },
      },
    },
    async (req) => {
      const me = member(req);
      await cancelAsAdmin(db, notifier, provider, me.id, req.params.id, req.body.reason);
      return getAdminPackage(db, settings, me, req.params.id);
    },
  );
};
