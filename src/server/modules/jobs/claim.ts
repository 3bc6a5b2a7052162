import type { Database } from '#server/db/client.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notify } from '#server/modules/notifications/public.ts';
import { AppError } from '#shared/errors.ts';
import type { JobContext, JobResult } from './job.ts';

// How a job does one item safely on several server nodes (ADR 0021): one transaction first claims
// the item's row with SELECT … FOR UPDATE SKIP LOCKED, re-checking that it is still due. A row
// another node (or a member's request) holds is skipped, not waited for; a row already done no
// longer matches. The service doing the work then runs inside that same transaction, so the claim
// lasts exactly as long as the work, on PostgreSQL and on PGlite's single connection alike.

export interface Claimed {
  /** The claiming transaction; pass it to a service that expects a database. */
  tx: Transaction;
  /**
   * Stores a notification in the claiming transaction; pushed after it commits. A service that opens
   * its own `notifier.transaction` on `asDatabase(tx)` runs in a savepoint of the claim, and what it
   * notifies is pushed likewise once the claim commits (db/unit-of-work.ts).
   */
  notify: Notify;
}

/**
 * Claims one item with `claim` (a locking, re-checking select that returns whether the row is still
 * due) and, if claimed, does `work` in the same transaction. Returns whether the item was done.
 */
export function withClaim(
  ctx: JobContext,
  claim: (tx: Transaction) => Promise<boolean>,
  work: (claimed: Claimed) => Promise<void>,
): Promise<boolean> {
  return ctx.notifier.transaction(ctx.db, async (tx, notify) => {
    if (!(await claim(tx))) return false;
    await work({ tx, notify });
    return true;
  });
}

/** The claiming transaction where a service's signature asks for the database. */
export const asDatabase = (tx: Transaction): Database => tx as unknown as Database;

/**
 * Does each item in turn; one that fails is logged and left for the next run, and does not stop the
 * others. A conflict (any 409 code) means the item changed between the listing and the claim (a
 * member acted): not a failure, nothing to do.
 */
export async function eachItem(
  ctx: JobContext,
  job: string,
  ids: readonly string[],
  handle: (id: string) => Promise<boolean>,
): Promise<JobResult> {
  const result: JobResult = { processed: 0, failed: 0 };
  for (const id of ids) {
    try {
      if (await handle(id)) result.processed += 1;
    } catch (err) {
      if (err instanceof AppError && err.status === 409) {
        ctx.log.debug({ job, id, reason: err.message }, 'scheduled job item changed meanwhile; skipped');
        continue;
      }
      result.failed += 1;
      ctx.log.warn({ err, job, id }, 'scheduled job item failed; it will be retried on the next run');
    }
  }
  return result;
}
