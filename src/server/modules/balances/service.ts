import { and, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerBalances, ledgerEntries, ledgerLines, payments, payouts } from '#server/db/schema/payments.ts';
import { accounts } from '#server/modules/ledger/public.ts';
import type {
  Balance,
  BalanceTransaction,
  BalanceTransactionPage,
  BalanceTransactionQuery,
  CurrencyBalance,
  LedgerEntryKind,
} from '#shared/balances.ts';
import { type Currency, currencies, DEFAULT_CURRENCY } from '#shared/money.ts';
import { type PayoutMethod, type PayoutStatus, payoutMethods, payoutStatuses } from '#shared/payouts.ts';

// A traveler's money as they see it (ADR 0019). "Available" is the ledger's running balance of their
// account; "pending" is read from the packages they carry whose payment is still held in escrow;
// "requested" and "paid out" are their payouts by status. Nothing here writes.

/** The entries that take a payment's reward out of escrow to the traveler. */
const releaseKinds: LedgerEntryKind[] = ['completion', 'dispute_release'];

const asCurrency = (value: string): Currency =>
  (currencies as readonly string[]).includes(value) ? (value as Currency) : DEFAULT_CURRENCY;

export async function getBalance(db: Database, travelerId: string): Promise<Balance> {
  const byCurrency = new Map<Currency, CurrencyBalance>();
  const row = (currency: string) => {
    const key = asCurrency(currency);
    let found = byCurrency.get(key);
    if (!found) {
      found = { currency: key, available: 0, pending: 0, paidOut: 0, requested: 0 };
      byCurrency.set(key, found);
    }
    return found;
  };
  row(DEFAULT_CURRENCY);

  const available = await db
    .select({ currency: ledgerBalances.currency, balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.account, accounts.traveler(travelerId)));
  for (const a of available) row(a.currency).available += Number(a.balance);

  // A succeeded payment whose reward has not been released: the reward waits in escrow for this
  // traveler. A payment refunded in part or in full is no longer going to them (release refuses it).
  const pending = await db
    .select({ currency: payments.currency, sum: sql<string>`coalesce(sum(${payments.reward}), 0)` })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(
      and(
        eq(packages.travelerId, travelerId),
        eq(payments.status, 'succeeded'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.paymentId, payments.id), inArray(ledgerEntries.kind, releaseKinds))),
        ),
      ),
    )
    .groupBy(payments.currency);
  for (const p of pending) row(p.currency).pending += Number(p.sum);

  const paid = await db
    .select({
      currency: payouts.currency,
      status: payouts.status,
      sum: sql<string>`coalesce(sum(${payouts.amount}), 0)`,
    })
    .from(payouts)
    .where(eq(payouts.travelerId, travelerId))
    .groupBy(payouts.currency, payouts.status);
  for (const p of paid) {
    if (p.status === 'sent') row(p.currency).paidOut += Number(p.sum);
    else if (p.status === 'requested') row(p.currency).requested += Number(p.sum);
  }

  const rest = [...byCurrency.values()]
    .filter((c) => c.currency !== DEFAULT_CURRENCY)
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return { currencies: [row(DEFAULT_CURRENCY), ...rest] };
}

const asPayoutStatus = (value: string): PayoutStatus =>
  (payoutStatuses as readonly string[]).includes(value) ? (value as PayoutStatus) : 'requested';
const asPayoutMethod = (value: string): PayoutMethod =>
  (payoutMethods as readonly string[]).includes(value) ? (value as PayoutMethod) : 'bank';

/** The lines of the traveler's account, newest first, a page at a time. */
export async function listTransactions(
  db: Database,
  travelerId: string,
  query: BalanceTransactionQuery,
): Promise<BalanceTransactionPage> {
  const conditions = [eq(ledgerLines.account, accounts.traveler(travelerId))];
  if (query.cursor) {
    conditions.push(afterTimeCursor(ledgerEntries.createdAt, ledgerLines.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await db
    .select({
      line: ledgerLines,
      entry: ledgerEntries,
      exactCreatedAt: exactTime(ledgerEntries.createdAt),
      packageTitle: packages.title,
      payout: {
        id: payouts.id,
        status: payouts.status,
        method: payouts.method,
        bankLast4: payouts.bankLast4,
        stripeAccountId: payouts.stripeAccountId,
      },
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .leftJoin(packages, eq(packages.id, ledgerEntries.packageId))
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerLines.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(
      (r): BalanceTransaction => ({
        id: r.line.id,
        entryId: r.entry.id,
        // The response schema checks it: a kind the contract does not know is a bug to see, not hide.
        kind: r.entry.kind as LedgerEntryKind,
        memo: r.entry.memo,
        amount: Number(r.line.amount),
        currency: asCurrency(r.line.currency),
        packageId: r.entry.packageId,
        packageTitle: r.packageTitle ?? null,
        payout: r.payout?.id
          ? {
              id: r.payout.id,
              status: asPayoutStatus(r.payout.status),
              method: asPayoutMethod(r.payout.method),
              bankLast4: r.payout.bankLast4,
              stripeAccountId: r.payout.stripeAccountId,
            }
          : null,
        createdAt: r.entry.createdAt.toISOString(),
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.line.id]) : null,
  };
}
