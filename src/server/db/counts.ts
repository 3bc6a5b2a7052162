import { type AnyColumn, count, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ListTotal } from '#shared/lists.ts';
import type { Database } from './client.ts';

// A list page's total: exact while it is cheap, the planner's estimate past that (labelled so).
// Counting every matching row of a million-row table on every page view would cost more than the
// page itself; admins need "about 1.2 million", not the last digit.

/**
 * Past this many matching rows a total is the planner's estimate. Counting stops here, so a broad
 * search ("every Ada") costs a thousand index entries, not tens of thousands.
 */
export const EXACT_COUNT_UP_TO = 1_000;

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
  // `limit` changes a dynamic query in place: the estimate is asked of the query as it was given.
  const uncapped = query.getSQL();
  const capped = query.limit(exactUpTo + 1).as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const counted = row?.n ?? 0;
  if (counted <= exactUpTo) return { count: counted, estimated: false };
  return { count: Math.max(exactUpTo + 1, await plannedRows(db, uncapped)), estimated: true };
}

/** The planner's guess at how many rows a query returns, from its statistics (no rows read). */
async function plannedRows(db: Database, query: SQLWrapper): Promise<number> {
  // node-postgres and PGlite both answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`explain (format json) ${query}`)) as { rows: Record<string, unknown>[] };
  const plan = result.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(parsed[0].Plan['Plan Rows']);
}

/**
 * The first key of a filtered page's order, chosen by its total. Few matches (an exact total): an
 * expression no index is sorted by, so the database reads the matches through their filters' indexes
 * and sorts those few. Walking the order's index instead would read past every row that does not
 * match before it meets the few that do (a route two cities rarely share: the whole table for one
 * row), because the planner, assuming filters independent, expects matches all along the way. Many
 * matches, or none filtered: the order's own index, which meets matches soon and reads a page only.
 */
export function leadingOrderKey(
  column: AnyColumn | SQL,
  kind: 'time' | 'number' | 'text',
  total: ListTotal,
  filtered: boolean,
): SQL {
  if (!filtered || total.estimated) return sql`${column}`;
  if (kind === 'time') return sql`(${column} + interval '0 seconds')`;
  return kind === 'number' ? sql`(${column} + 0)` : sql`(${column} || '')`;
}

/**
 * Several totals at once, as `listTotal` counts each: one statement counts every query up to the
 * threshold (a screen of figures is one round trip, not one per figure), then the planner estimates
 * the ones past it.
 */
export async function listTotals<K extends string>(
  db: Database,
  queries: Record<K, PgSelect>,
  exactUpTo: number = EXACT_COUNT_UP_TO,
): Promise<Record<K, ListTotal>> {
  const keys = Object.keys(queries) as K[];
  const uncapped = keys.map((key) => queries[key].getSQL());
  const columns = keys.map(
    (key, i) =>
      sql`(select count(*) from (${queries[key].limit(exactUpTo + 1)}) as ${sql.identifier(`capped_${i}`)})::int as ${sql.identifier(`n_${i}`)}`,
  );
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as { rows: Record<string, number>[] };
  const counted = result.rows[0] ?? {};
  const totals = await Promise.all(
    keys.map(async (_key, i): Promise<ListTotal> => {
      const n = Number(counted[`n_${i}`] ?? 0);
      if (n <= exactUpTo) return { count: n, estimated: false };
      return { count: Math.max(exactUpTo + 1, await plannedRows(db, uncapped[i] as SQL)), estimated: true };
    }),
  );
  return Object.fromEntries(keys.map((key, i) => [key, totals[i]])) as Record<K, ListTotal>;
}
