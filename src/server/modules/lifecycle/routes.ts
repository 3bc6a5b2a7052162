import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { CodeKeys } from '#server/lib/codes.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { getPackage } from '#server/modules/packages/service.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import type { TextMessageSender } from '#server/providers/sms/sms.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  codeSchema,
  disputeSchema,
  openDisputeSchema,
  packageCodesSchema,
  resolveDisputeSchema,
} from '#shared/lifecycle.ts';
import { packageParamsSchema, packageViewSchema } from '#shared/packages.ts';
import { confirmDelivery } from './complete.ts';
import { textDeliveryCode } from './delivery-sms.ts';
import { getDispute, openDispute } from './disputes.ts';
import { CodeLockedError, enterCode, getCodes } from './handover.ts';
import { resolveDispute } from './resolve.ts';
import { withdrawAsTraveler } from './withdraw.ts';

export interface LifecycleRoutesOptions {
  db: Database;
  notifier: Notifier;
  codeKeys: CodeKeys;
  /** Texts the delivery code to the recipient; null when no provider can send our own text. */
  texts: TextMessageSender | null;
  settings: SettingsStore;
}

const e = apiErrorSchema;
const moveErrors = { 400: e, 401: e, 403: e, 404: e, 409: e };

/**
 * The delivery lifecycle after a match (docs/product.md §2): the handovers with their codes,
 * confirmation, the traveler's withdrawal, disputes and their resolution. Each move answers with the
 * package as the caller now sees it. Cancelling stays POST /api/packages/{id}/cancel (packages).
 */
export const lifecycleRoutes: FastifyPluginAsyncZod<LifecycleRoutesOptions> = async (app, options) => {
  const { db, notifier, codeKeys, texts, settings } = options;

  /** A locked step says when it reopens, in seconds, as HTTP does for any 429. */
  const withRetryAfter = async <T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof CodeLockedError) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((err.until.getTime() - Date.now()) / 1000))));
      }
      throw err;
    }
  };

  for (const [path, kind, summary] of [
    ['/api/packages/:id/pickup', 'pickup', "The traveler enters the sender's pickup code: matched → in transit"],
    [
      '/api/packages/:id/deliver',
      'delivery',
      "The traveler enters the recipient's delivery code: in transit → delivered",
    ],
  ] as const) {
    app.post(
      path,
      {
        config: { auth: 'member' },
        schema: {
          tags: ['lifecycle'],
          summary: `${summary}. Wrong codes are counted; the fifth in a row locks the step for an hour (429 with Retry-After)`,
          params: packageParamsSchema,
          body: codeSchema,
          response: { 200: packageViewSchema, ...moveErrors, 429: e },
        },
      },
      async (req, reply) => {
        const me = member(req);
        await withRetryAfter(reply, () =>
          enterCode(db, notifier, codeKeys, me, { packageId: req.params.id, kind, code: req.body.code }),
        );
        return getPackage(db, settings, me, req.params.id);
      },
    );
  }

  app.get(
    '/api/packages/:id/codes',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: 'The sender’s handover codes: the pickup code until pickup, the delivery code until delivery',
        params: packageParamsSchema,
        response: { 200: packageCodesSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => getCodes(db, codeKeys, member(req), req.params.id),
  );

  app.post(
    '/api/packages/:id/delivery-code/sms',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: "Text the delivery code to the recipient's phone (the sender; a few times an hour per package)",
        params: packageParamsSchema,
        response: { 204: z.null().meta({ description: 'Sent' }), ...moveErrors, 429: e, 503: e },
      },
    },
    async (req, reply) => {
      await textDeliveryCode(db, texts, codeKeys, member(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/packages/:id/confirm',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: 'The sender confirms the delivery: delivered → completed, the reward released to the traveler',
        params: packageParamsSchema,
        response: { 200: packageViewSchema, ...moveErrors },
      },
    },
    async (req) => {
      const me = member(req);
      await confirmDelivery(db, notifier, me, req.params.id);
      return getPackage(db, settings, me, req.params.id);
    },
  );

  app.post(
    '/api/packages/:id/withdraw-traveler',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: 'The traveler withdraws before pickup: the package is open again for other travelers, no refund',
        params: packageParamsSchema,
        response: { 200: packageViewSchema, ...moveErrors },
      },
    },
    async (req) => {
      const me = member(req);
      await withdrawAsTraveler(db, notifier, me, req.params.id);
      return getPackage(db, settings, me, req.params.id);
    },
  );

  app.post(
    '/api/packages/:id/dispute',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary:
          'The sender or the traveler opens a dispute after pickup; the money is held until an admin resolves it',
        params: packageParamsSchema,
        body: openDisputeSchema,
        response: { 201: disputeSchema, ...moveErrors },
      },
    },
    async (req, reply) => reply.code(201).send(await openDispute(db, notifier, member(req), req.params.id, req.body)),
  );

  app.get(
    '/api/packages/:id/dispute',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['lifecycle'],
        summary: "The package's latest dispute, for its sender, its traveler and admins",
        params: packageParamsSchema,
        response: { 200: disputeSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => getDispute(db, member(req), req.params.id),
  );
};

export type LifecycleAdminRoutesOptions = Pick<LifecycleRoutesOptions, 'db' | 'notifier'> & {
  provider: PaymentProvider;
};

/** Resolving a dispute, for administrators (under /api/admin). */
export const lifecycleAdminRoutes: FastifyPluginAsyncZod<LifecycleAdminRoutesOptions> = async (
  app,
  { db, notifier, provider },
) => {
  app.post(
    '/packages/:id/dispute/resolve',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Resolve the open dispute: refund the sender (package refunded) or release to the traveler (completed)',
        params: packageParamsSchema,
        body: resolveDisputeSchema,
        response: { 200: disputeSchema, ...moveErrors, 503: e },
      },
    },
    async (req) => {
      const me = member(req);
      return resolveDispute(db, notifier, provider, me.id, req.params.id, req.body);
    },
  );
};
