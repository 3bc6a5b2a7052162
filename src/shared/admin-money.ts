import { z } from 'zod';
import { ledgerEntryKinds } from './balances.ts';
import { currencySchema, minorAmountSchema } from './money.ts';
import { paymentSchema, paymentStatuses } from './payments.ts';
import { text } from './text.ts';

// The back office's money screens (docs/product.md §8): payments with their refunds, and the
// journal (the transactions). Only administrators reach these.

export const ADMIN_MONEY_LIMITS = { pageSize: 25, pageSizeMax: 100, noteMin: 3, note: 500 } as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });
const cursor = text().max(200).optional();
const limit = z.coerce.number().int().min(1).max(ADMIN_MONEY_LIMITS.pageSizeMax).default(ADMIN_MONEY_LIMITS.pageSize);

export const adminPaymentSchema = paymentSchema
  .extend({
    packageTitle: z.string(),
    sender: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    /**
     * What an admin can still refund: what is left of the payment and still held in escrow for it
     * (a released reward or a kept fee has left escrow).
     */
    refundable: z.number().int(),
    /**
     * Set when the provider reported a payment of another amount or currency than the checkout's
     * (status `amount_mismatch`, ADR 0033): what it reported, and when it was refunded (null: not yet,
     * an admin must see to it at the provider).
     */
    mismatch: z
      .object({ paidAmount: z.number().int(), paidCurrency: z.string(), refundedAt: iso.nullable() })
      .nullable(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListQuerySchema = z.object({
  status: z.enum(paymentStatuses, `Choose one of: ${paymentStatuses.join(', ')}`).optional(),
  packageId: z.uuid('This is not a package id').optional(),
  cursor,
  limit,
});
export type AdminPaymentListQuery = z.infer<typeof adminPaymentListQuerySchema>;

export const adminPaymentPageSchema = z
  .object({ items: z.array(adminPaymentSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminPaymentPage' });
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

export const adminRefundSchema = z
  .object({
    amount: minorAmountSchema.min(1, 'Enter an amount to refund'),
    note: text('Write a note saying why (it goes in the audit log)')
      .trim()
      .min(ADMIN_MONEY_LIMITS.noteMin, 'Write a note saying why (it goes in the audit log)')
      .max(ADMIN_MONEY_LIMITS.note, `Keep the note under ${ADMIN_MONEY_LIMITS.note} characters`),
    /** Made once per refund form: the same id twice (a double click, a retry) is one refund. */
    requestId: z.uuid('This is not a request id').optional(),
  })
  .meta({ id: 'AdminRefund' });
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const ledgerLineSchema = z.object({ account: z.string(), amount: z.number().int() }).meta({ id: 'LedgerLine' });

export const ledgerEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(ledgerEntryKinds),
    currency: currencySchema,
    memo: z.string(),
    packageId: z.string().nullable(),
    paymentId: z.string().nullable(),
    payoutId: z.string().nullable(),
    /** The member or admin whose action posted it; null for the provider's webhook. */
    createdBy: z.string().nullable(),
    createdAt: iso,
    /** Its balanced lines: they sum to zero. */
    lines: z.array(ledgerLineSchema),
  })
  .meta({ id: 'LedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const dateOrDateTime = z.union(
  [z.iso.datetime({ offset: true }), z.iso.date()],
  'Use a date (2026-12-01) or a date and time (2026-12-01T09:00:00Z)',
);

export const ledgerEntryListQuerySchema = z
  .object({
    /** Entries with a line on this account: escrow, platform_fees, payouts, refunds, traveler:<id>, sender:<id>. */
    account: text()
      .trim()
      .regex(/^[a-z_]+(:[0-9a-f-]{36})?$/i, 'Use an account such as escrow or traveler:<member id>')
      .optional(),
    kind: z.enum(ledgerEntryKinds, `Choose one of: ${ledgerEntryKinds.join(', ')}`).optional(),
    paymentId: z.uuid('This is not a payment id').optional(),
    packageId: z.uuid('This is not a package id').optional(),
    /** From this moment on (a date alone: from its start, UTC). */
    from: dateOrDateTime.optional(),
    /** Before this moment (a date alone: up to its end, UTC). */
    to: dateOrDateTime.optional(),
    cursor,
    limit,
  })
  .refine((q) => !q.from || !q.to || boundary(q.from, 'from') < boundary(q.to, 'to'), {
    path: ['to'],
    message: 'Choose an end after the start',
  });
export type LedgerEntryListQuery = z.infer<typeof ledgerEntryListQuerySchema>;

/** A filter's edge as a moment: a date alone means its start for `from` and the next day's start for `to`. */
export function boundary(value: string, edge: 'from' | 'to'): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (edge === 'to') day.setUTCDate(day.getUTCDate() + 1);
    return day;
  }
  return new Date(value);
}

export const ledgerEntryPageSchema = z
  .object({ items: z.array(ledgerEntrySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'LedgerEntryPage' });
export type LedgerEntryPage = z.infer<typeof ledgerEntryPageSchema>;
