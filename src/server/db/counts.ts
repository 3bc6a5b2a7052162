import { count, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListTotal } from '#shared/lists.ts';
import type { Database } from './client.ts';

// A list page's total: exact while it is cheap, the planner's estimate past that (labelled so).
// Counting every matching row of a million-row table on every page view would cost more than the
// page itself; admins need "about 1.2 million", not the last digit.

/** Past this many matching rows a total is the planner's estimate. */
export const EXACT_COUNT_UP_TO = 10_000;

/**
 * The number of rows `query` matches: counted up to `exactUpTo` (the count stops there, so it
 * costs at most that many index entries), estimated by the planner beyond. `query` is the list's
 * select with its filters and without its order, cursor or limit.
 */
export async function listTotal(
  db: Database,
  query: PgSelect,
  exactUpTo: number = EXACT_COUNT_UP_TO,
): Promise<ListTotal> {
  const capped = query.limit(exactUpTo + 1).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const counted = row?.n ?? 0;
  if (counted <= exactUpTo) return { count: counted, estimated: false };
  return { count: Math.max(exactUpTo + 1, await plannedRows(db, query)), estimated: true };
}

/** The planner's guess at how many rows a query returns, from its statistics (no rows read). */
async function plannedRows(db: Database, query: SQLWrapper): Promise<number> {
  // node-postgres and PGlite both answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`explain (format json) ${query}`)) as { rows: Record<string, unknown>[] };
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
}
