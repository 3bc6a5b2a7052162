import { and, asc, desc, eq, exists, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { ledgerEntries, ledgerLines } from '#server/db/schema/payments.ts';
import { boundary, type LedgerEntry, type LedgerEntryListQuery, type LedgerEntryPage } from '#shared/admin-money.ts';
import type { LedgerEntryKind } from '#shared/balances.ts';
import type { Currency } from '#shared/money.ts';

// The journal (the back office's "transactions", docs/product.md §8): entries with their balanced lines,
// newest first, filtered by account, kind, payment, package and time.

export async function listEntries(db: Database, query: LedgerEntryListQuery): Promise<LedgerEntryPage> {
  const conditions: SQL[] = [];
  if (query.account) {
    const account = query.account;
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(ledgerLines)
          .where(and(eq(ledgerLines.entryId, ledgerEntries.id), eq(ledgerLines.account, account))),
      ),
    );
  }
  if (query.kind) conditions.push(eq(ledgerEntries.kind, query.kind));
  if (query.paymentId) conditions.push(eq(ledgerEntries.paymentId, query.paymentId));
  if (query.packageId) conditions.push(eq(ledgerEntries.packageId, query.packageId));
  if (query.from) conditions.push(gte(ledgerEntries.createdAt, boundary(query.from, 'from')));
  if (query.to) conditions.push(lt(ledgerEntries.createdAt, boundary(query.to, 'to')));
  if (query.cursor) {
    conditions.push(afterTimeCursor(ledgerEntries.createdAt, ledgerEntries.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await db
    .select({ entry: ledgerEntries, exactCreatedAt: exactTime(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);

  const lines =
    page.length === 0
      ? []
      : await db
          .select()
          .from(ledgerLines)
          .where(
            inArray(
              ledgerLines.entryId,
              page.map((r) => r.entry.id),
            ),
          )
          // Money leaving an account first, then where it went.
          .orderBy(asc(ledgerLines.amount), asc(ledgerLines.account));
  const linesOf = new Map<string, { account: string; amount: number }[]>();
  for (const line of lines) {
    const list = linesOf.get(line.entryId) ?? [];
    list.push({ account: line.account, amount: Number(line.amount) });
    linesOf.set(line.entryId, list);
  }

  return {
    items: page.map(
      ({ entry }): LedgerEntry => ({
        id: entry.id,
        // The response schema checks both: a word the contract does not know is a bug to see, not hide.
        kind: entry.kind as LedgerEntryKind,
        currency: entry.currency as Currency,
        memo: entry.memo,
        packageId: entry.packageId,
        paymentId: entry.paymentId,
        payoutId: entry.payoutId,
        createdBy: entry.createdBy,
        createdAt: entry.createdAt.toISOString(),
        lines: linesOf.get(entry.id) ?? [],
      }),
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.entry.id]) : null,
  };
}
