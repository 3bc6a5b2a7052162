import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { payouts } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { DataKey } from '#server/lib/crypto.ts';
import { isVerifiedProfile, type SessionUser } from '#server/modules/auth/service.ts';
import { accounts, balanceOf, payoutToTraveler, postEntry } from '#server/modules/ledger/public.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, currencies, DEFAULT_CURRENCY } from '#shared/money.ts';
import {
  type Payout,
  type PayoutListQuery,
  type PayoutMethod,
  type PayoutPage,
  type PayoutStatus,
  payoutMethods,
  type payoutRequestSchema,
  payoutStatuses,
} from '#shared/payouts.ts';
import { sealBankDetails } from './bank-details.ts';

export type PayoutRow = typeof payouts.$inferSelect;

const asPayoutMethod = (value: string): PayoutMethod =>
  (payoutMethods as readonly string[]).includes(value) ? (value as PayoutMethod) : 'bank';

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    currency: (currencies as readonly string[]).includes(row.currency) ? (row.currency as Currency) : DEFAULT_CURRENCY,
    status: (payoutStatuses as readonly string[]).includes(row.status) ? (row.status as PayoutStatus) : 'requested',
    method: asPayoutMethod(row.method),
    bankLast4: row.bankLast4,
    stripeAccountId: row.stripeAccountId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

const overBalance = (available: number, currency: Currency) =>
  new AppError('PAYOUT_OVER_BALANCE', { params: { available, currency } });

async function availableOf(tx: Transaction, travelerId: string, currency: Currency) {
  return balanceOf(tx, accounts.traveler(travelerId), currency);
}

/** Where the payout goes, as the row keeps it: sealed bank details, or a Stripe account in clear. */
function destinationOf(key: DataKey, id: string, input: z.output<typeof payoutRequestSchema>) {
  if (input.method === 'stripe_connect') {
    return {
      method: input.method,
      stripeAccountId: input.stripeAccountId,
      bankDetailsEncrypted: null,
      bankLast4: null,
    };
  }
  const { sealed, last4 } = sealBankDetails(key, id, input.bankDetails);
  return { method: input.method, stripeAccountId: null, bankDetailsEncrypted: sealed, bankLast4: last4 };
}

const CONNECT_UNAVAILABLE =
  'Payouts to a Stripe account are not available here, because Stripe is not set up on this server. Ask for a payout to your bank account.';

/**
 * A traveler asks for part of their available balance (ADR 0019), to a bank account or, where Stripe
 * is configured (`methods`), to their Stripe Connect account (ADR 0026). The payout row and its ledger
 * entry (traveler → payouts) are one transaction; postEntry's conditional update of the running balance
 * is what makes two requests at once unable to take out more than there is: the second waits for the
 * first's row lock, then finds the balance too low and everything it wrote is rolled back.
 */
export async function requestPayout(
  db: Database,
  key: DataKey,
  member: SessionUser,
  input: z.output<typeof payoutRequestSchema>,
  methods: readonly PayoutMethod[],
): Promise<Payout> {
  if (!methods.includes(input.method)) {
    throw new AppError('VALIDATION_FAILED', { fields: { method: [CONNECT_UNAVAILABLE] } });
  }
  if (!isVerifiedProfile(member)) {
    throw new AppError('PROFILE_NOT_VERIFIED');
  }
  const id = randomUUID();
  const destination = destinationOf(key, id, input);
  return db.transaction(async (tx) => {
    const available = await availableOf(tx, member.id, input.currency);
    if (input.amount > available) throw overBalance(available, input.currency);
    const [row] = await tx
      .insert(payouts)
      .values({
        id,
        travelerId: member.id,
        amount: input.amount,
        currency: input.currency,
        status: 'requested',
        ...destination,
      })
      .returning();
    try {
      await postEntry(
        tx,
        payoutToTraveler({ payoutId: id, travelerId: member.id, amount: input.amount, currency: input.currency }),
        member.id,
      );
    } catch (err) {
      // Another request took the money between the check above and this entry.
      if (err instanceof AppError && err.code === 'LEDGER_INSUFFICIENT_FUNDS') {
        throw overBalance(await availableOf(tx, member.id, input.currency), input.currency);
      }
      throw err;
    }
    return toPayout(row as PayoutRow);
  });
}

/** My payouts, newest first, a page at a time. */
export async function listMyPayouts(db: Database, travelerId: string, query: PayoutListQuery): Promise<PayoutPage> {
  const conditions = [eq(payouts.travelerId, travelerId)];
  if (query.cursor) {
    conditions.push(afterTimeCursor(payouts.createdAt, payouts.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await db
    .select({ row: payouts, exactCreatedAt: exactTime(payouts.createdAt) })
    .from(payouts)
    .where(and(...conditions))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => toPayout(r.row)),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.row.id]) : null,
  };
}
