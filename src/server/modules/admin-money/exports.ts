import { Readable } from 'node:stream';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { ledgerEntries, payments, payouts } from '#server/db/schema/payments.ts';
import { type CsvCell, csvRow, textCell } from '#server/lib/csv.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { AdminPaymentFilters, LedgerExportQuery } from '#shared/admin-money.ts';
import type { AdminPayoutListQuery } from '#shared/payouts.ts';
import { journalFilters, linesByEntry } from './journal.ts';
import { paymentFilters } from './payment-list.ts';

// The back office's CSV exports (docs/product.md §8, ADR 0048): the journal (one row per entry
// line), payments and payouts, with the lists' filters, newest first. Each is read in pages by a
// keyset cursor and written as it is read, so memory stays flat whatever the number of rows, and a
// slow download only slows the reading (the stream waits for the socket).

/** Rows read per query: big enough that a million rows take few round trips, small enough to hold. */
export const EXPORT_BATCH = 2_000;

export type ExportKind = 'journal' | 'payments' | 'payouts';

/** Whole units from minor units: every currency the product takes has two decimals. */
const units = (minor: number) => (minor / 100).toFixed(2);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Reads `next(cursor)` until it returns fewer than a batch, yielding each batch's text. The cursor is
 * the last row's (created_at to the microsecond, id).
 */
async function* batches<T extends { at: string; id: string }>(
  next: (after: { time: string; id: string } | null) => Promise<T[]>,
  write: (rows: T[]) => Promise<string> | string,
): AsyncGenerator<string> {
  let after: { time: string; id: string } | null = null;
  for (;;) {
    const rows = await next(after);
    if (rows.length > 0) yield await write(rows);
    if (rows.length < EXPORT_BATCH) return;
    const last = rows.at(-1) as T;
    after = { time: last.at, id: last.id };
  }
}

const journalHeader = [
  'entry_id',
  'created_at',
  'kind',
  'currency',
  'account',
  'amount_minor',
  'amount',
  'memo',
  'package_id',
  'payment_id',
  'payout_id',
  'created_by',
];

async function* journalRows(db: Database, query: LedgerExportQuery): AsyncGenerator<string> {
  yield csvRow(journalHeader);
  const filters = journalFilters(db, query);
  yield* batches(
    async (after) => {
      const conditions: SQL[] = [...filters];
      if (after) conditions.push(afterTimeCursor(ledgerEntries.createdAt, ledgerEntries.id, after, 'desc'));
      const rows = await db
        .select({ entry: ledgerEntries, at: exactTime(ledgerEntries.createdAt) })
        .from(ledgerEntries)
        .where(and(...conditions))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(EXPORT_BATCH);
      return rows.map((r) => ({ ...r, id: r.entry.id }));
    },
    async (rows) => {
      const lines = await linesByEntry(
        db,
        rows.map((r) => r.id),
      );
      let text = '';
      for (const { entry } of rows) {
        for (const line of lines.get(entry.id) ?? []) {
          text += csvRow([
            entry.id,
            entry.createdAt.toISOString(),
            entry.kind,
            entry.currency,
            line.account,
            line.amount,
            units(line.amount),
            textCell(entry.memo),
            entry.packageId,
            entry.paymentId,
            entry.payoutId,
            entry.createdBy,
          ]);
        }
      }
      return text;
    },
  );
}

const paymentHeader = [
  'payment_id',
  'created_at',
  'kind',
  'status',
  'provider',
  'currency',
  'amount_minor',
  'reward_minor',
  'fee_minor',
  'refunded_minor',
  'paid_amount_minor',
  'paid_currency',
  'provider_ref',
  'provider_payment_ref',
  'package_id',
  'sender_id',
];

async function* paymentRows(db: Database, query: AdminPaymentFilters): AsyncGenerator<string> {
  yield csvRow(paymentHeader);
  const filters = paymentFilters(query);
  yield* batches(
    async (after) => {
      const conditions: SQL[] = [...filters];
      if (after) conditions.push(afterTimeCursor(payments.createdAt, payments.id, after, 'desc'));
      const rows = await db
        .select({ row: payments, at: exactTime(payments.createdAt) })
        .from(payments)
        .where(and(...conditions))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(EXPORT_BATCH);
      return rows.map((r) => ({ ...r, id: r.row.id }));
    },
    (rows) =>
      rows
        .map(({ row }) =>
          csvRow([
            row.id,
            row.createdAt.toISOString(),
            row.kind,
            row.status,
            row.provider,
            row.currency,
            row.amount,
            row.reward,
            row.fee,
            row.refundedAmount,
            row.paidAmount,
            row.paidCurrency,
            textCell(row.providerRef),
            textCell(row.providerPaymentRef),
            row.packageId,
            row.senderId,
          ] satisfies CsvCell[]),
        )
        .join(''),
  );
}

const payoutHeader = [
  'payout_id',
  'created_at',
  'status',
  'method',
  'currency',
  'amount_minor',
  'amount',
  'traveler_id',
  'traveler_email',
  'bank_last4',
  'reference',
  'sent_at',
  'sent_by',
];

async function* payoutRows(db: Database, query: Pick<AdminPayoutListQuery, 'status'>): AsyncGenerator<string> {
  yield csvRow(payoutHeader);
  yield* batches(
    async (after) => {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(payouts.status, query.status));
      if (after) conditions.push(afterTimeCursor(payouts.createdAt, payouts.id, after, 'desc'));
      const rows = await db
        .select({ row: payouts, at: exactTime(payouts.createdAt), email: user.email })
        .from(payouts)
        .innerJoin(user, eq(user.id, payouts.travelerId))
        .where(and(...conditions))
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .limit(EXPORT_BATCH);
      return rows.map((r) => ({ ...r, id: r.row.id }));
    },
    (rows) =>
      rows
        .map(({ row, email }) =>
          csvRow([
            row.id,
            row.createdAt.toISOString(),
            row.status,
            row.method,
            row.currency,
            row.amount,
            units(row.amount),
            row.travelerId,
            textCell(email),
            row.bankLast4,
            textCell(row.providerRef),
            iso(row.sentAt),
            row.sentBy,
          ]),
        )
        .join(''),
  );
}

export type ExportQuery =
  | { kind: 'journal'; query: LedgerExportQuery }
  | { kind: 'payments'; query: AdminPaymentFilters }
  | { kind: 'payouts'; query: Pick<AdminPayoutListQuery, 'status'> };

/**
 * The export as a stream, after its audit row is written: bulk money data leaving the system is
 * something the log should show, with the filters that chose it.
 */
export async function exportCsv(db: Database, adminId: string, spec: ExportQuery): Promise<Readable> {
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: adminId,
      action: 'data.export',
      subject: { type: 'export', id: spec.kind },
      data: { filters: spec.query },
    }),
  );
  const rows =
    spec.kind === 'journal'
      ? journalRows(db, spec.query)
      : spec.kind === 'payments'
        ? paymentRows(db, spec.query)
        : payoutRows(db, spec.query);
  return Readable.from(rows, { objectMode: false });
}

/** `journal-2026-11-26.csv`: what it is and the day it was taken. */
export const exportFileName = (kind: ExportKind, now = new Date()) => `${kind}-${now.toISOString().slice(0, 10)}.csv`;
