import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rateLimit } from './schema/auth.ts';

/**
 * Counts one more use of `key` in a fixed window, in the rate-limit table Better Auth keeps (the
 * database one, so a limit holds across server nodes). Returns the count within the window and when
 * the window started; the caller decides what is too many.
 */
export async function countInWindow(
  db: Database,
  key: string,
  windowMs: number,
  now: number,
): Promise<{ count: number; windowStartedAt: number }> {
  const windowStart = now - windowMs;
  const [counted] = await db
    .insert(rateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStartedAt: rateLimit.lastRequest });
  return counted ?? { count: 1, windowStartedAt: now };
}

/** Whole minutes until a window that started at `startedAt` ends (at least one). */
export const minutesLeft = (startedAt: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((startedAt + windowMs - now) / 60_000));
