import { and, eq, sql } from 'drizzle-orm';
import { ledgerBalances, ledgerEntries, ledgerLines } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { AppError } from '#shared/errors.ts';
import { accounts, assertBalanced, isHoldingAccount, type JournalEntryDraft } from './movements.ts';

/**
 * Posts one journal entry inside the caller's transaction (the one that changes the state causing
 * it). Idempotent on the entry's key: the second post of the same movement returns the first entry
 * and writes nothing. Each line updates its account's running balance with a conditional update, so
 * concurrent movements can never take a holding account (escrow, fees, a traveler) below zero.
 */
export async function postEntry(
  tx: Transaction,
  draft: JournalEntryDraft,
  createdBy: string | null = null,
): Promise<{ entryId: string; created: boolean }> {
  assertBalanced(draft);
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      kind: draft.kind,
      currency: draft.currency,
      memo: draft.memo,
      packageId: draft.packageId ?? null,
      paymentId: draft.paymentId ?? null,
      payoutId: draft.payoutId ?? null,
      idempotencyKey: draft.idempotencyKey,
      createdBy,
    })
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  if (!entry) {
    const [existing] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, draft.idempotencyKey));
    if (!existing) throw new Error(`ledger entry ${draft.idempotencyKey} vanished`);
    return { entryId: existing.id, created: false };
  }
  // A fixed order of accounts keeps two transactions touching the same accounts from deadlocking.
  const lines = [...draft.lines].sort((a, b) => a.account.localeCompare(b.account));
  for (const line of lines) {
    await tx
      .insert(ledgerLines)
      .values({ entryId: entry.id, account: line.account, amount: line.amount, currency: draft.currency });
    await tx
      .insert(ledgerBalances)
      .values({ account: line.account, currency: draft.currency, balance: 0 })
      .onConflictDoNothing();
    const updated = await tx
      .update(ledgerBalances)
      .set({ balance: sql`${ledgerBalances.balance} + ${line.amount}`, updatedAt: new Date() })
      .where(
        and(
          eq(ledgerBalances.account, line.account),
          eq(ledgerBalances.currency, draft.currency),
          isHoldingAccount(line.account) ? sql`${ledgerBalances.balance} + ${line.amount} >= 0` : undefined,
        ),
      )
      .returning({ balance: ledgerBalances.balance });
    if (updated.length === 0) {
      throw new AppError('LEDGER_INSUFFICIENT_FUNDS', { detail: `not enough money in ${line.account}` });
    }
  }
  if (draft.paymentId && draft.lines.some((l) => l.account === accounts.escrow && l.amount < 0)) {
    // Escrow is one account, but each payment's share of it must stay whole: a refund or a release
    // can never take money another package paid in.
    const [held] = await tx
      .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
      .from(ledgerLines)
      .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
      .where(and(eq(ledgerEntries.paymentId, draft.paymentId), eq(ledgerLines.account, accounts.escrow)));
    if (Number(held?.sum ?? 0) < 0) {
      throw new AppError('REFUND_TOO_LARGE', { detail: `more than payment ${draft.paymentId} holds in escrow` });
    }
  }
  return { entryId: entry.id, created: true };
}

export async function balanceOf(tx: Pick<Transaction, 'select'>, account: string, currency: string): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.account, account), eq(ledgerBalances.currency, currency)));
  return Number(row?.balance ?? 0);
}
