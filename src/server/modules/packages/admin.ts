import { and, asc, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { leadingOrderKey, listTotal } from '#server/db/counts.ts';
import { decodeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { boundary } from '#shared/admin-money.ts';
import type { AdminPackageListQuery, AdminPackagePage, AdminPackageRow } from '#shared/admin-packages.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';

// The back office's package list (docs/product.md §8): filters, a title-or-id search, three orders,
// and the disputes queue (status=disputed: the oldest open dispute first). Keyset paging on
// (sort column, id), so an index on each filter with the sort column and id serves a page without
// reading what comes before it.

const traveler = alias(user, 'traveler');
const openDispute = alias(disputes, 'open_dispute');

function baseQuery(db: Database) {
  return db
    .select({
      id: packages.id,
      title: packages.title,
      status: packages.status,
      pickupCity: packages.pickupCity,
      dropoffCity: packages.dropoffCity,
      reward: packages.reward,
      currency: packages.currency,
      createdAt: packages.createdAt,
      deliverBy: packages.deliverBy,
      sender: { id: user.id, name: user.name },
      traveler: { id: traveler.id, name: traveler.name },
      disputeOpenedAt: openDispute.createdAt,
      exactCreatedAt: exactTime(packages.createdAt),
      exactDeliverBy: sql<
        string | null
      >`case when ${packages.deliverBy} is null then null else ${exactTime(packages.deliverBy)} end`,
      exactDisputeAt: sql<
        string | null
      >`case when ${openDispute.createdAt} is null then null else ${exactTime(openDispute.createdAt)} end`,
    })
    .from(packages)
    .innerJoin(user, eq(user.id, packages.senderId))
    .leftJoin(traveler, eq(traveler.id, packages.travelerId))
    .leftJoin(openDispute, and(eq(openDispute.packageId, packages.id), eq(openDispute.status, 'open')))
    .$dynamic();
}

/** The same rows without what only the page shows: the total needs no names. */
const countQuery = (db: Database) =>
  db
    .select({ id: packages.id })
    .from(packages)
    .leftJoin(openDispute, and(eq(openDispute.packageId, packages.id), eq(openDispute.status, 'open')))
    .$dynamic();

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const exactTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** LIKE's wildcards taken literally: a city or title typed with `%` or `_` means those characters. */
const likePrefix = (value: string) => `${value.toLowerCase().replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One order of the list: the column, how its value reads in a cursor, and whether it may be null. */
interface Order {
  column: SQL | typeof packages.createdAt;
  valueOf: (row: Row) => string | null;
  /** A cursor's value back to SQL; null when the text is not one this order writes. */
  parse: (value: string) => SQL | null;
  desc: boolean;
  /** A column that may be null pages its nulls last; one that may not pages by a plain row comparison. */
  nullable: boolean;
}

const timeValue = (value: string) => (exactTimePattern.test(value) ? sql`${value}::timestamptz` : null);

function orderOf(query: AdminPackageListQuery): Order {
  if (query.status === 'disputed') {
    return {
      column: sql`${openDispute.createdAt}`,
      valueOf: (r) => r.exactDisputeAt,
      parse: timeValue,
      desc: false,
      nullable: false,
    };
  }
  const descending = query.sort.startsWith('-');
  switch (query.sort.replace('-', '')) {
    case 'deliverBy':
      return {
        column: sql`${packages.deliverBy}`,
        valueOf: (r) => r.exactDeliverBy,
        parse: timeValue,
        desc: descending,
        nullable: true,
      };
    case 'reward':
      return {
        column: sql`${packages.reward}`,
        valueOf: (r) => (r.reward === null ? null : String(r.reward)),
        parse: (value) => (/^\d{1,12}$/.test(value) ? sql`${Number(value)}::integer` : null),
        desc: descending,
        nullable: true,
      };
    default:
      return {
        column: packages.createdAt,
        valueOf: (r) => r.exactCreatedAt,
        parse: timeValue,
        desc: descending,
        nullable: false,
      };
  }
}

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', {
    detail: 'This page link is no longer valid.',
    fields: { cursor: ['Start again from the first page'] },
  });

/**
 * Rows after the cursor in (column, id) order, nulls last both ways (a draft without a reward or a
 * date comes after every package that has one). The cursor is [sort, value or '', id]: a cursor made
 * under another order is refused rather than misread.
 */
function afterCursor(order: Order, sort: string, cursor: string): SQL {
  const [madeFor, value, id] = decodeCursor(cursor, 3) as [string, string, string];
  if (madeFor !== sort || !uuidPattern.test(id)) throw invalidCursor();
  const beyond = order.desc ? sql`<` : sql`>`;
  const afterId = sql`${packages.id} ${beyond} ${id}::uuid`;
  if (value === '') return sql`(${order.column} is null and ${afterId})`;
  const parsed = order.parse(value);
  if (!parsed) throw invalidCursor();
  // A row comparison is what an index on (column, id) starts its scan at; the nulls follow every value.
  const after = sql`(${order.column}, ${packages.id}) ${beyond} (${parsed}, ${id}::uuid)`;
  return order.nullable ? sql`(${after} or ${order.column} is null)` : after;
}

function filtersOf(query: AdminPackageListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.status === 'disputed') conditions.push(isNotNull(openDispute.id));
  else if (query.status) conditions.push(eq(packages.status, query.status));
  if (query.senderId) conditions.push(eq(packages.senderId, query.senderId));
  if (query.travelerId) conditions.push(eq(packages.travelerId, query.travelerId));
  if (query.pickupCity) conditions.push(sql`lower(${packages.pickupCity}) like ${likePrefix(query.pickupCity)}`);
  if (query.dropoffCity) conditions.push(sql`lower(${packages.dropoffCity}) like ${likePrefix(query.dropoffCity)}`);
  if (query.createdFrom) conditions.push(gte(packages.createdAt, boundary(query.createdFrom, 'from')));
  if (query.createdTo) conditions.push(lt(packages.createdAt, boundary(query.createdTo, 'to')));
  if (query.deliverByFrom) conditions.push(gte(packages.deliverBy, boundary(query.deliverByFrom, 'from')));
  if (query.deliverByTo) conditions.push(lt(packages.deliverBy, boundary(query.deliverByTo, 'to')));
  if (query.q) {
    // An id pasted whole finds its package; anything else is the beginning of a title.
    conditions.push(
      uuidPattern.test(query.q) ? eq(packages.id, query.q) : sql`lower(${packages.title}) like ${likePrefix(query.q)}`,
    );
  }
  return conditions;
}

function toRow(r: Row): AdminPackageRow {
  return {
    id: r.id,
    title: r.title,
    // The response schema checks both: a word the contract does not know is a bug to see, not hide.
    status: r.status as PackageStatus,
    route: { from: r.pickupCity, to: r.dropoffCity },
    sender: r.sender,
    traveler: r.traveler?.id ? { id: r.traveler.id, name: r.traveler.name } : null,
    reward: r.reward,
    currency: r.currency as Currency,
    createdAt: r.createdAt.toISOString(),
    deliverBy: r.deliverBy?.toISOString() ?? null,
    disputed: r.disputeOpenedAt !== null,
    disputeOpenedAt: r.disputeOpenedAt?.toISOString() ?? null,
  };
}

export async function listAdminPackages(db: Database, query: AdminPackageListQuery): Promise<AdminPackagePage> {
  const order = orderOf(query);
  const sortKey = query.status === 'disputed' ? 'dispute' : query.sort;
  const filters = filtersOf(query);
  const conditions = query.cursor ? [...filters, afterCursor(order, sortKey, query.cursor)] : filters;
  // Nulls last both ways; a column that cannot be null says nothing, so its plain index serves it.
  const direction = order.nullable
    ? sql.raw(order.desc ? 'desc nulls last' : 'asc nulls last')
    : sql.raw(order.desc ? 'desc' : 'asc');
  const total = await listTotal(db, countQuery(db).where(and(...filters)));
  const kind = query.sort.endsWith('reward') && query.status !== 'disputed' ? 'number' : 'time';
  const key = leadingOrderKey(order.column, kind, total, filters.length > 0);
  const rows = await baseQuery(db)
    .where(and(...conditions))
    .orderBy(sql`${key} ${direction}`, order.desc ? desc(packages.id) : asc(packages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor([sortKey, order.valueOf(last) ?? '', last.id]) : null,
    total,
  };
}
