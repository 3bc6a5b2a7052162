import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { lockPackagesWithPendingRequestsOn } from '#server/modules/requests/public.ts';
import { type Claimed, eachItem, withClaim } from './claim.ts';
import { JOB_BATCH_SIZE, type JobContext, type JobResult } from './job.ts';

/**
 * The travel-plan jobs' loop (ADR 0021, 0024), as eachDuePackage is for packages: lists the plans
 * `due` matches, oldest by `oldestFirst` first, at most a batch, then does `work` for each in a
 * transaction of its own that claims the plan with FOR UPDATE SKIP LOCKED, re-checking `due`.
 *
 * Before the claim, the packages of the plan's pending requests are locked (waiting, in id order):
 * every writer takes a package, its requests, then a trip in that order (ADR 0023), and the work ends
 * those requests. Claiming the trip first would deadlock against an acceptance that holds a request
 * and waits for the trip.
 *
 * `work` returns how many things it did (a trip completed, its requests expired); the run reports
 * their sum, counted once the claim has committed.
 */
export async function eachDuePlan(
  ctx: JobContext,
  job: { name: string; due: SQL | undefined; oldestFirst: PgColumn },
  work: (claimed: Claimed, planId: string) => Promise<number>,
): Promise<JobResult> {
  const due = await ctx.db
    .select({ id: travelPlans.id })
    .from(travelPlans)
    .where(job.due)
    .orderBy(asc(job.oldestFirst))
    .limit(JOB_BATCH_SIZE);

  const claim = async (tx: Transaction, id: string) => {
    await lockPackagesWithPendingRequestsOn(tx, id);
    const [row] = await tx
      .select({ id: travelPlans.id })
      .from(travelPlans)
      .where(and(eq(travelPlans.id, id), job.due))
      .for('update', { skipLocked: true });
    return row !== undefined;
  };

  let processed = 0;
  const result = await eachItem(
    ctx,
    job.name,
    due.map((d) => d.id),
    async (id) => {
      let count = 0;
      const done = await withClaim(
        ctx,
        (tx) => claim(tx, id),
        async (claimed) => {
          count = await work(claimed, id);
        },
      );
      processed += count;
      return done;
    },
  );
  return { processed, failed: result.failed };
}
