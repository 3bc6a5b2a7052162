import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';

// Keyset paging: a cursor is the sort key of the last item of a page, so the next page starts right
// after it however many rows were added or removed meanwhile (an offset would skip or repeat them).
// It is opaque to clients (base64url of JSON), and checked like any input when it comes back.

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', {
    detail: 'This page link is no longer valid.',
    fields: {
      cursor: ['Start again from the first page'],
    },
  });

export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(cursor: string, length: number): string[] {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parts) || parts.length !== length || !parts.every((p) => typeof p === 'string')) {
    throw invalidCursor();
  }
  return parts;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const exactTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A cursor of (timestamp, id), both checked so that nothing but a timestamp and a uuid reach SQL. */
export function decodeTimeCursor(cursor: string): { time: string; id: string } {
  const [time, id] = decodeCursor(cursor, 2) as [string, string];
  if (!exactTimePattern.test(time) || !uuidPattern.test(id)) throw invalidCursor();
  return { time, id };
}

/**
 * A timestamp to the microsecond, as text. PostgreSQL keeps microseconds and a JS Date only
 * milliseconds: a cursor rounded to the millisecond would skip or repeat rows stored within it.
 */
export const exactTime = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows after the cursor in `(time, id)` order, descending or ascending. */
export function afterTimeCursor(
  time: AnyColumn,
  id: AnyColumn,
  cursor: { time: string; id: string },
  direction: 'asc' | 'desc',
): SQL {
  return direction === 'desc'
    ? sql`(${time}, ${id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${time}, ${id}) > (${cursor.time}::timestamptz, ${cursor.id}::uuid)`;
}

/** A cursor of (whole number, id), for a list ordered by an integer column such as an amount. */
export function decodeIntCursor(cursor: string): { value: number; id: string } {
  const [value, id] = decodeCursor(cursor, 2) as [string, string];
  if (!/^-?\d{1,15}$/.test(value) || !uuidPattern.test(id)) throw invalidCursor();
  return { value: Number(value), id };
}

/** Rows after the cursor in `(column, id)` order, descending or ascending. */
export function afterIntCursor(
  column: AnyColumn,
  id: AnyColumn,
  cursor: { value: number; id: string },
  direction: 'asc' | 'desc',
): SQL {
  return direction === 'desc'
    ? sql`(${column}, ${id}) < (${cursor.value}, ${cursor.id}::uuid)`
    : sql`(${column}, ${id}) > (${cursor.value}, ${cursor.id}::uuid)`;
}
