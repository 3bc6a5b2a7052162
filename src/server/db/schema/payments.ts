import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { packages } from './packages.ts';
import { requests } from './requests.ts';

// Payments and the double-entry ledger (docs/product.md §5). Money in integer minor units.

/**
 * One checkout of one package: pending → succeeded | failed | cancelled | amount_mismatch;
 * succeeded → (partially_)refunded.
 */
export const payments = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => user.id),
    provider: text('provider').notNull(),
    /**
     * `package`: the sender pays reward + fee to publish; `top_up`: the difference of a reward agreed
     * above the one paid, before the match (docs/product.md §4.5), for `request_id`.
     */
    kind: text('kind').notNull().default('package'),
    requestId: uuid('request_id').references(() => requests.id),
    status: text('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    reward: integer('reward').notNull(),
    fee: integer('fee').notNull(),
    currency: text('currency').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** The provider's checkout (Stripe: cs_…) and the charge to refund (Stripe: pi_…). */
    providerRef: text('provider_ref'),
    providerPaymentRef: text('provider_payment_ref'),
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    /**
     * A checkout paid for another amount or currency than it was made for (status `amount_mismatch`):
     * what the provider reported, never booked, and when it went back (null: an admin must refund it).
     */
    paidAmount: integer('paid_amount'),
    paidCurrency: text('paid_currency'),
    paidRefundedAt: timestamp('paid_refunded_at', { withTimezone: true }),
    /**
     * An automatic refund (a stray or mismatched payment, an expiry) the provider refused or did not
     * answer: when, and its words. Cleared when a refund of the payment is recorded.
     */
    refundFailedAt: timestamp('refund_failed_at', { withTimezone: true }),
    refundFailure: text('refund_failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_package_idx').on(t.packageId, t.createdAt),
    uniqueIndex('payment_provider_ref_idx').on(t.provider, t.providerRef),
    // One open checkout per package: a second "Pay" reuses it, two racing clicks cannot make two.
    uniqueIndex('payment_one_pending_per_package').on(t.packageId).where(sql`status = 'pending'`),
    // The back office's list (docs/product.md §8): its two orders, each filter with the order, and a
    // reference pasted from the provider's dashboard (either of its two).
    index('payment_created_idx').on(t.createdAt, t.id),
    index('payment_amount_idx').on(t.amount, t.id),
    index('payment_status_created_idx').on(t.status, t.createdAt, t.id),
    index('payment_sender_created_idx').on(t.senderId, t.createdAt, t.id),
    index('payment_ref_idx').on(t.providerRef),
    index('payment_payment_ref_idx').on(t.providerPaymentRef),
    // "Failed automatic refunds" on the dashboard and its filtered list: a handful of rows at most.
    index('payment_refund_failed_idx').on(t.refundFailedAt, t.id).where(sql`refund_failed_at is not null`),
  ],
);

/** Provider webhook deliveries already handled (idempotency on the provider's event id). */
export const paymentWebhookReceipts = pgTable(
  'payment_webhook_receipt',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A journal entry: balanced lines, one currency, append-only. */
export const ledgerEntries = pgTable(
  'ledger_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    memo: text('memo').notNull(),
    packageId: uuid('package_id').references(() => packages.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    payoutId: uuid('payout_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entry_created_idx').on(t.createdAt),
    index('ledger_entry_payment_idx').on(t.paymentId),
    // The journal's package and kind filters, in its order.
    index('ledger_entry_package_idx').on(t.packageId, t.createdAt, t.id),
    index('ledger_entry_kind_idx').on(t.kind, t.createdAt, t.id),
  ],
);

export const ledgerLines = pgTable(
  'ledger_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account: text('account').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('ledger_line_entry_idx').on(t.entryId), index('ledger_line_account_idx').on(t.account, t.currency)],
);

/** Running balance per account and currency, updated with each line in the same transaction. */
export const ledgerBalances = pgTable(
  'ledger_balance',
  {
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.currency] })],
);

/**
 * A traveler's request to be paid their available balance; an admin marks it sent. `method` says where
 * it goes: `bank` (sealed bank details, sent by hand) or `stripe_connect` (a Stripe transfer to
 * `stripe_account_id`, ADR 0026).
 */
export const payouts = pgTable(
  'payout',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    travelerId: uuid('traveler_id')
      .notNull()
      .references(() => user.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('requested'),
    method: text('method').notNull().default('bank'),
    /** Bank details, encrypted with the app key (AES-256-GCM); never returned in full. */
    bankDetailsEncrypted: text('bank_details_encrypted'),
    bankLast4: text('bank_last4'),
    /** The traveler's Stripe Connect account (`acct_…`), for a `stripe_connect` payout. */
    stripeAccountId: text('stripe_account_id'),
    /** The admin's reference of a bank transfer, or the Stripe transfer's id (`tr_…`). */
    providerRef: text('provider_ref'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_traveler_idx').on(t.travelerId, t.createdAt),
    // A payout to a Stripe account has its account and no bank details; a bank payout has no account.
    check(
      'payout_method_destination',
      sql`(${t.method} = 'bank' and ${t.stripeAccountId} is null) or (${t.method} = 'stripe_connect' and ${t.stripeAccountId} is not null and ${t.bankDetailsEncrypted} is null)`,
    ),
  ],
);
