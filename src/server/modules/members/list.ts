import { and, asc, desc, eq, gte, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { leadingOrderKey, listTotal } from '#server/db/counts.ts';
import { decodeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { boundary } from '#shared/admin-money.ts';
import type { AdminUser, AdminUserListQuery, AdminUserPage, AdminUserSort } from '#shared/admin-users.ts';
import { kycStatuses } from '#shared/auth.ts';
import { AppError } from '#shared/errors.ts';

// The back office's member list (docs/product.md §8.3): filters, then an order on (column, id) and a
// keyset cursor after the last row, so an index on (filter…, column, id) serves a page without
// reading the rows before it.

const verifiedSql = sql`(${user.emailVerified} and ${user.phoneNumberVerified} and ${user.kycStatus} = 'approved')`;
const adminSql = sql`('admin' = any(string_to_array(${user.role}, ',')))`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const adminUserColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  phoneNumber: user.phoneNumber,
  isAdmin: sql<boolean>`${adminSql}`,
  banned: user.banned,
  kycStatus: user.kycStatus,
  verified: sql<boolean>`${verifiedSql}`,
  deletedAt: user.deletedAt,
  createdAt: user.createdAt,
};

type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  isAdmin: boolean;
  banned: boolean;
  kycStatus: string;
  verified: boolean;
  deletedAt: Date | null;
  createdAt: Date;
};

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    isAdmin: Boolean(row.isAdmin),
    banned: row.banned,
    kycStatus: (kycStatuses as readonly string[]).includes(row.kycStatus)
      ? (row.kycStatus as AdminUser['kycStatus'])
      : 'not_started',
    verified: Boolean(row.verified),
    deleted: row.deletedAt !== null,
    joinedAt: row.createdAt.toISOString(),
  };
}

/** `%` and `_` typed in a search are letters, not wildcards. */
const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a search matches: an id exactly, else the start of an e-mail, a phone number, a name or a word of it. */
function searchCondition(q: string): SQL | undefined {
  if (uuidPattern.test(q)) return eq(user.id, q);
  const lower = likeEscape(q.toLowerCase());
  const email = sql`lower(${user.email}) like ${`${lower}%`}`;
  if (q.includes('@')) return email;
  const digits = q.replace(/[\s().-]/g, '');
  if (/^\+?\d{3,}$/.test(digits)) {
    // Numbers are stored as +<country><number> (docs/product.md §1); typed without the +, it is implied.
    return sql`${user.phoneNumber} like ${`${digits.startsWith('+') ? digits : `+${digits}`}%`}`;
  }
  return or(sql`lower(${user.name}) like ${`${lower}%`}`, sql`lower(${user.name}) like ${`% ${lower}%`}`, email);
}

function filters(query: AdminUserListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    const search = searchCondition(query.q);
    if (search) conditions.push(search);
  }
  if (query.verified) conditions.push(query.verified === 'true' ? verifiedSql : not(verifiedSql));
  if (query.kycStatus) conditions.push(eq(user.kycStatus, query.kycStatus));
  if (query.banned) conditions.push(eq(user.banned, query.banned === 'true'));
  if (query.admin) conditions.push(query.admin === 'true' ? adminSql : not(adminSql));
  if (query.joinedFrom) conditions.push(gte(user.createdAt, boundary(query.joinedFrom, 'from')));
  if (query.joinedTo) conditions.push(lt(user.createdAt, boundary(query.joinedTo, 'to')));
  return conditions;
}

const sortColumns: Record<AdminUserSort, PgColumn> = { joined: user.createdAt, name: user.name, email: user.email };

/** The sort key of a row as the cursor carries it: a timestamp to the microsecond, or the text. */
const sortKeyOf = (sort: AdminUserSort) =>
  sort === 'joined' ? exactTime(user.createdAt) : sql<string>`${sortColumns[sort]}`;

/** A cursor names its sort, so a link from another order starts over instead of skipping rows. */
function afterCursor(sort: AdminUserSort, direction: 'asc' | 'desc', cursor: string): SQL {
  const [named, key, id] = decodeCursor(cursor, 3) as [string, string, string];
  if (named !== sort || !uuidPattern.test(id) || (sort === 'joined' && Number.isNaN(Date.parse(key)))) {
    throw new AppError('VALIDATION_FAILED', {
      detail: 'This page link is no longer valid.',
      fields: { cursor: ['Start again from the first page'] },
    });
  }
  const column = sortColumns[sort];
  const value = sort === 'joined' ? sql`${key}::timestamptz` : sql`${key}`;
  return direction === 'desc'
    ? sql`(${column}, ${user.id}) < (${value}, ${id}::uuid)`
    : sql`(${column}, ${user.id}) > (${value}, ${id}::uuid)`;
}

export async function listAdminUsers(db: Database, query: AdminUserListQuery): Promise<AdminUserPage> {
  const sort = query.sort.replace(/^-/, '') as AdminUserSort;
  const direction = query.sort.startsWith('-') ? 'desc' : 'asc';
  const conditions = filters(query);
  const filtered = conditions.length > 0;
  const total = await listTotal(
    db,
    db
      .select({ id: user.id })
      .from(user)
      .where(and(...conditions))
      .$dynamic(),
  );
  if (query.cursor) conditions.push(afterCursor(sort, direction, query.cursor));
  const order = direction === 'desc' ? desc : asc;
  const rows = await db
    .select({ ...adminUserColumns, sortKey: sortKeyOf(sort) })
    .from(user)
    .where(and(...conditions))
    .orderBy(
      order(leadingOrderKey(sortColumns[sort], sort === 'joined' ? 'time' : 'text', total, filtered)),
      order(user.id),
    )
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminUser),
    nextCursor: rows.length > query.limit && last ? encodeCursor([sort, last.sortKey, last.id]) : null,
    total,
  };
}

export async function findAdminUser(db: Database, id: string): Promise<AdminUser> {
  const [row] = await db.select(adminUserColumns).from(user).where(eq(user.id, id));
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return toAdminUser(row);
}
