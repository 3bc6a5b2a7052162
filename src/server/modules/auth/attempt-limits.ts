import { lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { attemptCounter } from '#server/db/schema/auth.ts';

// Limits per account or per phone number, whatever network address the attempts come from: Better
// Auth's own limits count per address, which a botnet or a rotating proxy walks around (ADR 0031).
// Fixed windows in the database, so every node counts into the same row.

export interface AttemptLimit {
  /** Prefix of the counter's key, naming what is counted. */
  name: string;
  max: number;
  windowSeconds: number;
}

export const SIGN_IN_FAILURES: AttemptLimit = { name: 'sign-in-failures', max: 10, windowSeconds: 15 * 60 };
export const PHONE_CODES_PER_NUMBER: AttemptLimit = { name: 'phone-codes-number', max: 5, windowSeconds: 60 * 60 };
export const PHONE_CODES_PER_ACCOUNT: AttemptLimit = { name: 'phone-codes-account', max: 5, windowSeconds: 60 * 60 };

export interface AttemptCount {
  count: number;
  /** When the window ends and the count starts again from nothing. */
  resetAt: Date;
}

const keyOf = (limit: AttemptLimit, subject: string) => `${limit.name}:${subject.toLowerCase()}`;

/** Counts one more attempt; a window that has passed starts again at 1. One statement, so nodes never race. */
export async function countAttempt(db: Database, limit: AttemptLimit, subject: string): Promise<AttemptCount> {
  const expired = sql`${attemptCounter.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(attemptCounter)
    .values({ key: keyOf(limit, subject), count: 1, windowStart: sql`now()` })
    .onConflictDoUpdate({
      target: attemptCounter.key,
      set: {
        count: sql`case when ${expired} then 1 else ${attemptCounter.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${attemptCounter.windowStart} end`,
      },
    })
    .returning({ count: attemptCounter.count, windowStart: attemptCounter.windowStart });
  if (!row) throw new Error('attempt counter: the upsert returned no row');
  return { count: row.count, resetAt: new Date(row.windowStart.getTime() + limit.windowSeconds * 1000) };
}

/** The attempts counted in the current window (0 once it has passed), without counting one. */
export async function attemptsSoFar(db: Database, limit: AttemptLimit, subject: string): Promise<AttemptCount> {
  const rows = await db
    .select({ count: attemptCounter.count, windowStart: attemptCounter.windowStart })
    .from(attemptCounter)
    .where(
      sql`${attemptCounter.key} = ${keyOf(limit, subject)} and ${attemptCounter.windowStart} > now() - make_interval(secs => ${limit.windowSeconds})`,
    );
  const row = rows[0];
  if (!row) return { count: 0, resetAt: new Date() };
  return { count: row.count, resetAt: new Date(row.windowStart.getTime() + limit.windowSeconds * 1000) };
}

/** "in 12 minutes", for the message of a 429. */
export function waitText(resetAt: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
  return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
}

const LONGEST_WINDOW_SECONDS = Math.max(
  ...[SIGN_IN_FAILURES, PHONE_CODES_PER_NUMBER, PHONE_CODES_PER_ACCOUNT].map((l) => l.windowSeconds),
);

/** Deletes the counters whose window ended before `now` under every limit (a scheduled job); returns how many. */
export async function pruneAttemptCounters(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000);
  const gone = await db
    .delete(attemptCounter)
    .where(lt(attemptCounter.windowStart, cutoff))
    .returning({ key: attemptCounter.key });
  return gone.length;
}
