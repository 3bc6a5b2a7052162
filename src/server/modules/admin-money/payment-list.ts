import { and, asc, desc, eq, gte, isNotNull, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { leadingOrderKey, listTotal } from '#server/db/counts.ts';
import {
  afterIntCursor,
  afterTimeCursor,
  decodeIntCursor,
  decodeTimeCursor,
  encodeCursor,
} from '#server/db/cursors.ts';
import { payments } from '#server/db/schema/payments.ts';
import {
  type AdminPaymentFilters,
  type AdminPaymentListQuery,
  type AdminPaymentPage,
  boundary,
} from '#shared/admin-money.ts';
import { adminPaymentQuery, toAdminPayment } from './payments.ts';

// The back office's payments list (docs/product.md §8): filters on the payment's own columns, a search
// by exact id or provider reference, ordered by (created, id) or (amount, id) with a keyset cursor, so
// an index on a filter column followed by the sort column and id serves each page.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A provider's reference is its checkout's (cs_…) or its charge's (pi_…): either one names the payment. */
const byReference = (ref: string) => or(eq(payments.providerRef, ref), eq(payments.providerPaymentRef, ref)) as SQL;

export function paymentFilters(query: AdminPaymentFilters): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(payments.status, query.status));
  if (query.provider) filters.push(eq(payments.provider, query.provider));
  if (query.packageId) filters.push(eq(payments.packageId, query.packageId));
  if (query.senderId) filters.push(eq(payments.senderId, query.senderId));
  if (query.providerRef) filters.push(byReference(query.providerRef));
  if (query.createdFrom) filters.push(gte(payments.createdAt, boundary(query.createdFrom, 'from')));
  if (query.createdTo) filters.push(lt(payments.createdAt, boundary(query.createdTo, 'to')));
  if (query.minAmount !== undefined) filters.push(gte(payments.amount, query.minAmount));
  if (query.maxAmount !== undefined) filters.push(lte(payments.amount, query.maxAmount));
  if (query.refundFailed) filters.push(isNotNull(payments.refundFailedAt));
  // Exact matches only: an id pasted from a ticket or the provider's dashboard, never a scan for a fragment.
  if (query.q) {
    const q = query.q;
    filters.push(
      uuidPattern.test(q) ? (or(eq(payments.id, q), eq(payments.packageId, q), byReference(q)) as SQL) : byReference(q),
    );
  }
  return filters;
}

export async function listPayments(db: Database, query: AdminPaymentListQuery): Promise<AdminPaymentPage> {
  const filters = paymentFilters(query);
  const direction = query.sort.startsWith('-') ? 'desc' : 'asc';
  const order = direction === 'desc' ? desc : asc;
  const byAmount = query.sort.endsWith('amount');
  const conditions = [...filters];
  if (query.cursor) {
    conditions.push(
      byAmount
        ? afterIntCursor(payments.amount, payments.id, decodeIntCursor(query.cursor), direction)
        : afterTimeCursor(payments.createdAt, payments.id, decodeTimeCursor(query.cursor), direction),
    );
  }
  const total = await listTotal(
    db,
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(...filters))
      .$dynamic(),
  );
  const key = byAmount
    ? leadingOrderKey(payments.amount, 'number', total, filters.length > 0)
    : leadingOrderKey(payments.createdAt, 'time', total, filters.length > 0);
  const rows = await adminPaymentQuery(db)
    .where(and(...conditions))
    .orderBy(order(key), order(payments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const cursorOf = (r: NonNullable<typeof last>) =>
    encodeCursor([byAmount ? String(r.row.amount) : r.exactCreatedAt, r.row.id]);
  return {
    items: page.map(toAdminPayment),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
    total,
  };
}
