import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { packages } from '#server/db/schema/packages.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { type Claimed, eachItem, withClaim } from './claim.ts';
import { JOB_BATCH_SIZE, type JobContext, type JobResult } from './job.ts';

/**
 * The package jobs' loop (ADR 0021): lists the packages `due` matches, oldest by `oldestFirst` first,
 * at most a batch, then does `work` for each in a transaction of its own that first claims the row
 * with FOR UPDATE SKIP LOCKED, re-checking `due`, so a package another node holds or has done
 * meanwhile is skipped.
 */
export async function eachDuePackage(
  ctx: JobContext,
  job: { name: string; due: SQL | undefined; oldestFirst: PgColumn },
  work: (claimed: Claimed, packageId: string) => Promise<void>,
): Promise<JobResult> {
  const due = await ctx.db
    .select({ id: packages.id })
    .from(packages)
    .where(job.due)
    .orderBy(asc(job.oldestFirst))
    .limit(JOB_BATCH_SIZE);

  const claim = async (tx: Transaction, id: string) => {
    const [row] = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.id, id), job.due))
      .for('update', { skipLocked: true });
    return row !== undefined;
  };

  return eachItem(
    ctx,
    job.name,
    due.map((d) => d.id),
    (id) =>
      withClaim(
        ctx,
        (tx) => claim(tx, id),
        (claimed) => work(claimed, id),
      ),
  );
}
