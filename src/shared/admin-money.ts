import { z } from 'zod';
import { ledgerEntryKinds } from './balances.ts';
import { listTotalSchema } from './lists.ts';
import { currencySchema, minorAmountSchema } from './money.ts';
import { type PackageStatus, packageStatuses } from './package-status.ts';
import { paymentProviders, paymentSchema, paymentStatuses } from './payments.ts';
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
    packageStatus: z.enum(packageStatuses),
    /** The provider's checkout (Stripe: cs_…) and the charge it made (Stripe: pi_…); null until known. */
    providerRef: z.string().nullable(),
    providerPaymentRef: z.string().nullable(),
    /** What escrow still holds for this payment. */
    held: z.number().int(),
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
    /**
     * An automatic refund of this payment (stray, mismatched, expired package) that the provider
     * failed: when and why. Null once a refund of it is recorded. An admin refunds it by hand.
     */
    refundFailure: z.object({ at: iso, reason: z.string() }).nullable(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** The orders the payments list knows: `created` or `amount`, `-` for descending. */
export const adminPaymentSorts = ['-created', 'created', '-amount', 'amount'] as const;
export type AdminPaymentSort = (typeof adminPaymentSorts)[number];

const amountBound = z.coerce.number('Enter an amount in cents').pipe(minorAmountSchema).optional();

const adminPaymentFilters = z.object({
  status: z.enum(paymentStatuses, `Choose one of: ${paymentStatuses.join(', ')}`).optional(),
  provider: z.enum(paymentProviders, `Choose one of: ${paymentProviders.join(', ')}`).optional(),
  /** Made from this moment on (a date alone: from its start, UTC). */
  createdFrom: dateOrDateTimeField().optional(),
  /** Made before this moment (a date alone: up to its end, UTC). */
  createdTo: dateOrDateTimeField().optional(),
  /** The payment's amount (reward + fee), in minor units, both ends included. */
  minAmount: amountBound,
  maxAmount: amountBound,
  /** Exactly the provider's checkout or charge reference (cs_…, pi_…). */
  providerRef: text().trim().min(1).max(255).optional(),
  packageId: z.uuid('This is not a package id').optional(),
  senderId: z.uuid('This is not a member id').optional(),
  /** Exactly a payment id, a package id or a provider reference. */
  q: text().trim().max(255).optional(),
  /** Only the payments whose automatic refund failed (the dashboard's "Failed automatic refunds"). */
  refundFailed: z.literal('true', 'Use refundFailed=true, or leave it out').optional(),
});
type PaymentBounds = Pick<z.infer<typeof adminPaymentFilters>, 'createdFrom' | 'createdTo' | 'minAmount' | 'maxAmount'>;
const paymentPeriodInOrder: [(q: PaymentBounds) => boolean, { path: string[]; message: string }] = [
  (q) => !q.createdFrom || !q.createdTo || boundary(q.createdFrom, 'from') < boundary(q.createdTo, 'to'),
  { path: ['createdTo'], message: 'Choose an end after the start' },
];
const paymentAmountsInOrder: [(q: PaymentBounds) => boolean, { path: string[]; message: string }] = [
  (q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount,
  { path: ['maxAmount'], message: 'Choose a maximum at least the minimum' },
];

export const adminPaymentListQuerySchema = adminPaymentFilters
  .extend({
    sort: z.enum(adminPaymentSorts, `Choose one of: ${adminPaymentSorts.join(', ')}`).default('-created'),
    cursor,
    limit,
  })
  .refine(...paymentPeriodInOrder)
  .refine(...paymentAmountsInOrder);
export type AdminPaymentListQuery = z.infer<typeof adminPaymentListQuerySchema>;
/** The payments' CSV export: the list's filters, every matching payment, newest first. */
export const adminPaymentExportQuerySchema = adminPaymentFilters
  .refine(...paymentPeriodInOrder)
  .refine(...paymentAmountsInOrder);
export type AdminPaymentFilters = z.infer<typeof adminPaymentExportQuerySchema>;

export const adminPaymentPageSchema = z
  .object({ items: z.array(adminPaymentSchema), nextCursor: z.string().nullable(), total: listTotalSchema })
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

/**
 * What an admin refund may do, by the package's status (docs/product.md §5.5): before pickup a refund
 * of everything escrow holds cancels the package (nobody would be paid to carry it); after pickup money
 * moves only through a dispute, so the refund is refused; otherwise (the package has ended) only what
 * escrow still holds can go back.
 */
export type RefundStage = 'before_pickup' | 'after_pickup' | 'ended';
export function refundStage(status: PackageStatus): RefundStage {
  if (status === 'open' || status === 'matched') return 'before_pickup';
  if (status === 'in_transit' || status === 'delivered' || status === 'disputed') return 'after_pickup';
  return 'ended';
}

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

function dateOrDateTimeField() {
  return z.union(
    [z.iso.datetime({ offset: true }), z.iso.date()],
    'Use a date (2026-12-01) or a date and time (2026-12-01T09:00:00Z)',
  );
}
export const dateOrDateTime = dateOrDateTimeField();

const ledgerEntryFilters = z.object({
  /** Entries with a line on this account: escrow, platform_fees, payouts, refunds, traveler:<id>, sender:<id>. */
  account: text()
    .trim()
    // Both cases spelled out rather than an `i` flag: the OpenAPI document's pattern cannot carry flags.
    .regex(/^[A-Za-z_]+(:[0-9A-Fa-f-]{36})?$/, 'Use an account such as escrow or traveler:<member id>')
    .optional(),
  /** Entries with a line on this member's own accounts (as traveler or as sender). */
  memberId: z.uuid('This is not a member id').optional(),
  kind: z.enum(ledgerEntryKinds, `Choose one of: ${ledgerEntryKinds.join(', ')}`).optional(),
  paymentId: z.uuid('This is not a payment id').optional(),
  packageId: z.uuid('This is not a package id').optional(),
  /** From this moment on (a date alone: from its start, UTC). */
  from: dateOrDateTime.optional(),
  /** Before this moment (a date alone: up to its end, UTC). */
  to: dateOrDateTime.optional(),
});
const periodInOrder = {
  check: (q: { from?: string | undefined; to?: string | undefined }) =>
    !q.from || !q.to || boundary(q.from, 'from') < boundary(q.to, 'to'),
  params: { path: ['to'], message: 'Choose an end after the start' },
};

export const ledgerEntryListQuerySchema = ledgerEntryFilters
  .extend({ cursor, limit })
  .refine(periodInOrder.check, periodInOrder.params);
export type LedgerEntryListQuery = z.infer<typeof ledgerEntryListQuerySchema>;

/** The journal's CSV export: the list's filters, every matching entry. */
export const ledgerExportQuerySchema = ledgerEntryFilters.refine(periodInOrder.check, periodInOrder.params);
export type LedgerExportQuery = z.infer<typeof ledgerExportQuerySchema>;

// ── Account balances ─────────────────────────────────────────────────────────────────────
//   GET /api/admin/ledger/balances → LedgerBalances

export const ledgerBalancesSchema = z
  .object({
    /** The platform's own accounts (escrow, platform_fees, payouts, refunds, …) by currency. */
    platform: z.array(z.object({ account: z.string(), currency: currencySchema, balance: z.number().int() })),
    /** Members' accounts summed by kind (traveler: what travelers may still withdraw) and currency. */
    members: z.array(
      z.object({
        kind: z.string(),
        currency: currencySchema,
        balance: z.number().int(),
        accounts: z.number().int().nonnegative(),
      }),
    ),
  })
  .meta({ id: 'LedgerBalances' });
export type LedgerBalances = z.infer<typeof ledgerBalancesSchema>;

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

// ── Reconciliation with the provider ─────────────────────────────────────────────────────
//   GET /api/admin/payments/{id}/reconciliation → AdminPaymentReconciliation

/** What can disagree between our books and the provider's, one word per line of the comparison. */
export const reconciliationDifferences = ['amount', 'currency', 'refunded', 'status', 'missing_at_provider'] as const;
export type ReconciliationDifference = (typeof reconciliationDifferences)[number];

export const providerPaymentViewSchema = z
  .object({
    /** The provider's id of the payment (Stripe: pi_…). */
    reference: z.string(),
    /** The provider's own word (Stripe's PaymentIntent status: succeeded, processing, …). */
    status: z.string(),
    /** Minor units it received. */
    amount: z.number().int(),
    currency: z.string(),
    /** Minor units it sent back. */
    refunded: z.number().int(),
  })
  .meta({ id: 'ProviderPaymentView' });
export type ProviderPaymentView = z.infer<typeof providerPaymentViewSchema>;

export const adminReconciliationSchema = z
  .object({
    paymentId: z.string(),
    provider: z.enum(paymentProviders),
    /** What our books say: the payment's amount (for an amount mismatch, what the provider reported), refunded, status. */
    booked: z.object({
      amount: z.number().int(),
      currency: z.string(),
      refunded: z.number().int(),
      status: z.enum(paymentStatuses),
    }),
    /** What the provider holds; null when it has no payment for this checkout. */
    atProvider: providerPaymentViewSchema.nullable(),
    checkedAt: iso,
    /** Empty when the two agree. */
    differences: z.array(z.enum(reconciliationDifferences)),
  })
  .meta({ id: 'AdminPaymentReconciliation' });
export type AdminReconciliation = z.infer<typeof adminReconciliationSchema>;
