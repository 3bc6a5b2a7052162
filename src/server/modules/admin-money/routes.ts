import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import type { DataKey } from '#server/lib/crypto.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { listPayouts, markPayoutSent, revealBankDetails } from '#server/modules/payouts/public.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import {
  adminPaymentExportQuerySchema,
  adminPaymentListQuerySchema,
  adminPaymentPageSchema,
  adminPaymentSchema,
  adminReconciliationSchema,
  adminRefundSchema,
  ledgerBalancesSchema,
  ledgerEntryListQuerySchema,
  ledgerEntryPageSchema,
  ledgerExportQuerySchema,
} from '#shared/admin-money.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { paymentParamsSchema } from '#shared/payments.ts';
import {
  adminPayoutBankDetailsSchema,
  adminPayoutExportQuerySchema,
  adminPayoutListQuerySchema,
  adminPayoutPageSchema,
  adminPayoutSchema,
  markPayoutSentSchema,
  payoutParamsSchema,
} from '#shared/payouts.ts';
import { type ExportQuery, exportCsv, exportFileName } from './exports.ts';
import { ledgerBalanceSheet, listEntries } from './journal.ts';
import { listPayments } from './payment-list.ts';
import { refundPayment } from './payments.ts';
import { reconcilePayment } from './reconciliation.ts';

export interface AdminMoneyRoutesOptions {
  db: Database;
  notifier: Notifier;
  provider: PaymentProvider;
  /** Opens payouts' bank details (bankDetailsKey(config.authSecret)). */
  bankKey: DataKey;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const csvFile = z.unknown().meta({ description: 'text/csv (RFC 4180), streamed; the first row names the columns' });

/** Streams an export as a download; the file name says what it is and the day it was taken. */
async function sendCsv(db: Database, req: FastifyRequest, reply: FastifyReply, spec: ExportQuery) {
  const stream = await exportCsv(db, member(req).id, spec);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(spec.kind)}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** The back office's money: payments, refunds, the journal, payouts. */
export const adminMoneyRoutes: FastifyPluginAsyncZod<AdminMoneyRoutesOptions> = async (app, options) => {
  const { db, notifier, provider, bankKey } = options;

  app.get(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Payments by status, provider, period, amount, reference, package or sender; search by exact id or reference; sorted by created or amount (keyset cursor, total)',
        querystring: adminPaymentListQuerySchema,
        response: { 200: adminPaymentPageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listPayments(db, req.query);
    },
  );

  app.post(
    '/payments/:id/refund',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Refund part or all of what a payment holds in escrow, with a note (audited); all of it cancels a package before pickup, after pickup 409 REFUND_AFTER_PICKUP',
        params: paymentParamsSchema,
        body: adminRefundSchema,
        response: { 200: adminPaymentSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (req) => {
      const me = member(req);
      return refundPayment(db, notifier, provider, me.id, req.params.id, req.body);
    },
  );

  app.get(
    '/payments/:id/reconciliation',
    {
      schema: {
        tags: ['admin'],
        summary:
          'A payment as booked beside what the provider holds for it (amount, currency, refunded, status) and where they differ; read only, 503 when the provider does not answer',
        params: paymentParamsSchema,
        response: {
          200: adminReconciliationSchema,
          ...errors,
          404: apiErrorSchema,
          409: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req) => {
      member(req);
      return reconcilePayment(db, provider, req.params.id);
    },
  );

  app.get(
    '/ledger/entries',
    {
      schema: {
        tags: ['admin'],
        summary: 'Journal entries with their lines, newest first, by account, kind, payment, package and time',
        querystring: ledgerEntryListQuerySchema,
        response: { 200: ledgerEntryPageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listEntries(db, req.query);
    },
  );

  app.get(
    '/ledger/balances',
    {
      schema: {
        tags: ['admin'],
        summary: "Balances: the platform's accounts, and members' accounts summed by kind, by currency",
        response: { 200: ledgerBalancesSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return ledgerBalanceSheet(db);
    },
  );

  app.get(
    '/ledger/entries.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered journal as CSV, one row per entry line, newest first (streamed; audited)',
        querystring: ledgerExportQuerySchema,
        response: { 200: csvFile, ...errors },
      },
    },
    (req, reply) => sendCsv(db, req, reply, { kind: 'journal', query: req.query }),
  );

  app.get(
    '/payments.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'The filtered payments as CSV, newest first (streamed; audited)',
        querystring: adminPaymentExportQuerySchema,
        response: { 200: csvFile, ...errors },
      },
    },
    (req, reply) => sendCsv(db, req, reply, { kind: 'payments', query: req.query }),
  );

  app.get(
    '/payouts.csv',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payouts as CSV by status, newest first, without bank details (streamed; audited)',
        querystring: adminPayoutExportQuerySchema,
        response: { 200: csvFile, ...errors },
      },
    },
    (req, reply) => sendCsv(db, req, reply, { kind: 'payouts', query: req.query }),
  );

  app.get(
    '/payouts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payouts, newest first, by status (requested: to send)',
        querystring: adminPayoutListQuerySchema,
        response: { 200: adminPayoutPageSchema, ...errors },
      },
    },
    async (req) => {
      member(req);
      return listPayouts(db, req.query);
    },
  );

  app.get(
    '/payouts/:id/bank-details',
    {
      schema: {
        tags: ['admin'],
        summary: "A payout's full bank details, to make the transfer (each read is in the audit log)",
        params: payoutParamsSchema,
        response: { 200: adminPayoutBankDetailsSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req) => {
      const me = member(req);
      return revealBankDetails(db, bankKey, me.id, req.params.id);
    },
  );

  app.post(
    '/payouts/:id/mark-sent',
    {
      schema: {
        tags: ['admin'],
        summary:
          'requested → sent, once: a bank transfer the admin made, or for a Stripe account the Stripe transfer made now (502 TRANSFER_FAILED leaves it requested); audit log, the traveler is told',
        params: payoutParamsSchema,
        body: markPayoutSentSchema,
        response: { 200: adminPayoutSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema, 502: apiErrorSchema },
      },
    },
    async (req) => {
      const me = member(req);
      return markPayoutSent(db, notifier, provider, me.id, req.params.id, req.body);
    },
  );
};
