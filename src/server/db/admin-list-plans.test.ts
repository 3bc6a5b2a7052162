import type { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPayments } from '#server/modules/admin-money/payment-list.ts';
import { listAudit } from '#server/modules/audit/service.ts';
import { listAdminUsers } from '#server/modules/members/list.ts';
import { listAdminPackages } from '#server/modules/packages/admin.ts';
import { listAdminRequests } from '#server/modules/requests/admin.ts';
import { listAdminTravelPlans } from '#server/modules/travel-plans/admin.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { adminPaymentListQuerySchema } from '#shared/admin-money.ts';
import { adminPackageListQuerySchema } from '#shared/admin-packages.ts';
import { adminRequestListQuerySchema } from '#shared/admin-requests.ts';
import { adminTravelPlanListQuerySchema } from '#shared/admin-travel-plans.ts';
import { adminUserListQuerySchema } from '#shared/admin-users.ts';
import { auditListQuerySchema } from '#shared/audit.ts';
import type { Database, DatabaseHandle } from './client.ts';
import { EXACT_COUNT_UP_TO } from './counts.ts';
import { schema } from './schema.ts';

// The back office's lists stay fast at a million rows only while indexes hand each page over
// (docs/benchmarks.md, "Back-office lists at scale"). Sizes aside, the plan says whether they can.
// With sorting and whole-table scans priced out: an unfiltered list (or one matching many rows) that
// no index serves in order still plans a Sort; a filter no index serves still plans a Seq Scan.

const BIG_TABLES = ['user', 'package', 'payment', 'request', 'travel_plan', 'audit_log', 'dispute'];
const SOME_ID = '00000000-0000-4000-8000-000000000001';

let database: DatabaseHandle;
let recorded: { sql: string; params: unknown[] }[] = [];
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const partial = await database.db.execute(sql`select indexname from pg_indexes where indexdef like '% WHERE %'`);
  partialIndexes = (partial as unknown as { rows: { indexname: string }[] }).rows.map((r) => r.indexname);
  const logger: Logger = { logQuery: (sql, params) => recorded.push({ sql, params }) };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  db = (database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, casing: 'snake_case', logger })
    : drizzlePg(client as pg.Pool, { schema, casing: 'snake_case', logger })) as unknown as Database;
});
afterAll(() => database.close());

/** The plan of one recorded query with sorts and sequential scans priced out, as text. */
async function planOf(query: { sql: string; params: unknown[] }): Promise<string> {
  const settings = ['enable_seqscan', 'enable_sort', 'enable_incremental_sort'].map((s) => `set local ${s} = off`);
  const explain = `explain ${query.sql}`;
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    return (client as PGlite).transaction(async (tx) => {
      for (const s of settings) await tx.exec(s);
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(explain, query.params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const connection = await (client as pg.Pool).connect();
  try {
    await connection.query('begin');
    for (const s of settings) await connection.query(s);
    const { rows } = await connection.query<{ 'QUERY PLAN': string }>(explain, query.params);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await connection.query('rollback');
    connection.release();
  }
}

/** The page query a list ran (the one with an order), planned. */
async function pagePlan(list: () => Promise<unknown>): Promise<string> {
  recorded = [];
  await list();
  const page = recorded.find((q) => /order by/i.test(q.sql) && /limit/i.test(q.sql));
  if (!page) throw new Error(`no page query among:\n${recorded.map((q) => q.sql).join('\n')}`);
  return planOf(page);
}

/** Read along the order's index: no sort of the matches, no table scan. */
function expectWalkedInOrder(plan: string) {
  expect(plan).not.toMatch(/\bSort\b/);
  expectNoTableScan(plan);
}

/** Few matches are found through their filters' indexes, then sorted (`leadingOrderKey`). */
function expectFoundByIndex(plan: string) {
  expectNoTableScan(plan);
  expect(wholeIndexReads(plan)).toEqual([]);
}

function expectNoTableScan(plan: string) {
  for (const table of BIG_TABLES) expect(plan).not.toMatch(new RegExp(`Seq Scan on "?${table}"?\\b`));
}

/** Partial indexes hold only their filter's rows: reading one whole is finding them. */
let partialIndexes: string[] = [];

/**
 * Index scans of a big table with no condition on the index: the whole table read in index order
 * (what the planner does instead of a Seq Scan it was told to avoid), each row then filtered.
 */
function wholeIndexReads(plan: string): string[] {
  const lines = plan.split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    const scan = /(?:Index Scan|Index Only Scan)(?: Backward)? using (\w+) on "?(\w+)"?/.exec(line);
    if (!scan || !BIG_TABLES.includes(scan[2] ?? '') || partialIndexes.includes(scan[1] ?? '')) return;
    const depth = line.search(/\S/);
    const details = [];
    for (const next of lines.slice(i + 1)) {
      if (next.search(/\S/) <= depth || next.trimStart().startsWith('->')) break;
      details.push(next);
    }
    if (!details.some((d) => d.includes('Index Cond'))) found.push(line.trim());
  });
  return found;
}

type Case = [title: string, list: () => Promise<unknown>];
const listCases = (name: string, queries: object[], list: (query: object) => Promise<unknown>) =>
  queries.map((q): Case => [`${name} ${JSON.stringify(q)}`, () => list(q)]);

const members = (queries: object[]) =>
  listCases('members', queries, (q) => listAdminUsers(db, adminUserListQuerySchema.parse(q)));
const packages = (queries: object[]) =>
  listCases('packages', queries, (q) => listAdminPackages(db, adminPackageListQuerySchema.parse(q)));
const payments = (queries: object[]) =>
  listCases('payments', queries, (q) => listPayments(db, adminPaymentListQuerySchema.parse(q)));
const requests = (queries: object[]) =>
  listCases('requests', queries, (q) => listAdminRequests(db, adminRequestListQuerySchema.parse(q)));
const trips = (queries: object[]) =>
  listCases('travel plans', queries, (q) => listAdminTravelPlans(db, adminTravelPlanListQuerySchema.parse(q)));
const audit = (queries: object[]) => listCases('audit', queries, (q) => listAudit(db, auditListQuerySchema.parse(q)));

describe('the back-office lists at scale, by their plans', () => {
  it.each([
    ...members([{}, { sort: 'name' }, { sort: '-email' }]),
    ...packages([
      {},
      { sort: 'created' },
      { sort: 'deliverBy' },
      { sort: '-deliverBy' },
      { sort: 'reward' },
      { sort: '-reward' },
    ]),
    ...payments([{}, { sort: 'amount' }, { sort: '-amount' }]),
    ...requests([{}, { sort: 'created' }]),
    ...trips([{}, { sort: '-departure' }]),
    // The audit log is always read in order: its filters lead its indexes.
    ...audit([{}, { action: 'package.cancel' }, { subjectType: 'package', subjectId: SOME_ID }]),
  ])('an index serves the order: %s', async (_title, list) => {
    expectWalkedInOrder(await pagePlan(list));
  });

  it.each([
    ...members([
      { q: 'member12@' },
      { q: 'Ada' },
      { q: 'love' },
      { q: '+33612' },
      { banned: 'true' },
      { admin: 'true' },
      { joinedFrom: '2026-06-01', joinedTo: '2026-06-30' },
    ]),
    ...packages([
      { status: 'open' },
      { status: 'disputed' },
      { q: 'camera #12' },
      { pickupCity: 'Lis' },
      { dropoffCity: 'Mad' },
      { senderId: SOME_ID },
      { travelerId: SOME_ID },
      { createdFrom: '2026-06-01' },
      { deliverByTo: '2026-06-01' },
    ]),
    ...payments([{ status: 'refunded' }, { senderId: SOME_ID }, { packageId: SOME_ID }, { q: 'cs_test_123' }]),
    ...requests([{ status: 'pending' }, { travelerId: SOME_ID }, { travelPlanId: SOME_ID }, { senderId: SOME_ID }]),
    ...trips([{ status: 'active' }, { travelerId: SOME_ID }, { fromCity: 'Lis' }, { toCity: 'Ber' }]),
  ])('an index finds the few matches: %s', async (_title, list) => {
    expectFoundByIndex(await pagePlan(list));
  });

  it('many matches are read along the order, not gathered and sorted', async () => {
    await db.execute(
      sql`insert into "user" (name, email) select 'Ada Many ' || n, 'ada-many-' || n || '@example.test' from generate_series(1, ${EXACT_COUNT_UP_TO + 1}) n`,
    );
    await db.execute(sql`analyze "user"`);
    const plan = await pagePlan(() => listAdminUsers(db, adminUserListQuerySchema.parse({ q: 'Ada' })));
    expectWalkedInOrder(plan);
  });

  it('would notice an order no index serves, and a filter none finds', async () => {
    const unsorted = await planOf({ sql: 'select id from "user" order by bio limit 5', params: [] });
    expect(() => expectWalkedInOrder(unsorted)).toThrow();
    const scanned = await planOf({ sql: 'select id from "user" where bio = $1', params: ['x'] });
    expect(() => expectFoundByIndex(scanned)).toThrow();
    const walked = await planOf({ sql: 'select id from "user" where bio = $1 order by id limit 5', params: ['x'] });
    expect(() => expectFoundByIndex(walked)).toThrow();
  });
});
