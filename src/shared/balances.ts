import { z } from 'zod';
import { currencySchema } from './money.ts';
import { payoutMethods, payoutStatuses } from './payouts.ts';
import { text } from './text.ts';

// A traveler's money (docs/product.md §5, ADR 0019). All amounts in minor units, per currency.

/** The kinds of journal entry the ledger posts (the server's movements use the same words). */
export const ledgerEntryKinds = [
  'payment_received',
  'completion',
  'refund',
  'refund_minus_fee',
  'dispute_release',
  'dispute_refund',
  'payout',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

export const ledgerEntryKindLabel: Record<LedgerEntryKind, string> = {
  payment_received: 'Payment received',
  completion: 'Reward for a delivery',
  refund: 'Refund',
  refund_minus_fee: 'Refund, fee kept',
  dispute_release: 'Reward after a dispute',
  dispute_refund: 'Refund after a dispute',
  payout: 'Payout to your bank',
};

/** A payout's line says where the money went (the kind's label above is the bank's). */
export const payoutLineLabel: Record<(typeof payoutMethods)[number], string> = {
  bank: 'Payout to your bank',
  stripe_connect: 'Payout to your Stripe account',
};

export const currencyBalanceSchema = z
  .object({
    currency: currencySchema,
    /** In the traveler's account now: theirs to pay out. */
    available: z.number().int(),
    /** Rewards of packages they carry that are paid and held in escrow until the delivery completes. */
    pending: z.number().int(),
    /** Payouts an administrator has sent. */
    paidOut: z.number().int(),
    /** Payouts asked for and not sent yet (already out of `available`). */
    requested: z.number().int(),
  })
  .meta({ id: 'CurrencyBalance' });
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

export const balanceSchema = z
  .object({
    /** One row per currency the traveler has money in; the default currency is always there, first. */
    currencies: z.array(currencyBalanceSchema).min(1),
  })
  .meta({ id: 'Balance' });
export type Balance = z.infer<typeof balanceSchema>;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

/** One line of the traveler's account: what came in (a reward) or went out (a payout). */
export const balanceTransactionSchema = z
  .object({
    /** The ledger line's id. */
    id: z.string(),
    entryId: z.string(),
    kind: z.enum(ledgerEntryKinds),
    memo: z.string(),
    /** Positive: into the balance; negative: out of it. */
    amount: z.number().int(),
    currency: currencySchema,
    packageId: z.string().nullable(),
    packageTitle: z.string().nullable(),
    payout: z
      .object({
        id: z.string(),
        status: z.enum(payoutStatuses),
        method: z.enum(payoutMethods),
        bankLast4: z.string().nullable(),
        stripeAccountId: z.string().nullable(),
      })
      .nullable(),
    createdAt: iso,
  })
  .meta({ id: 'BalanceTransaction' });
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

export const BALANCE_LIMITS = { pageSize: 20, pageSizeMax: 50 } as const;

export const balanceTransactionQuerySchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(BALANCE_LIMITS.pageSizeMax).default(BALANCE_LIMITS.pageSize),
});
export type BalanceTransactionQuery = z.infer<typeof balanceTransactionQuerySchema>;

export const balanceTransactionPageSchema = z
  .object({ items: z.array(balanceTransactionSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'BalanceTransactionPage' });
export type BalanceTransactionPage = z.infer<typeof balanceTransactionPageSchema>;
