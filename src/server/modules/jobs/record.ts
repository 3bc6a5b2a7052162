import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { jobRuns } from '#server/db/schema/requests.ts';
import type { JobResult } from './job.ts';

/** Runs older than this are deleted as new ones are recorded: job_run is a recent history, not an archive. */
const KEEP_RUNS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Records one run of a job in job_run (for the logs and the admin dashboard). Two nodes starting the
 * same job at the same instant share one row: their counts add up.
 */
export async function recordRun(
  db: Database,
  job: string,
  run: { startedAt: Date; finishedAt: Date; result: JobResult },
): Promise<void> {
  await db
    .insert(jobRuns)
    .values({ job, startedAt: run.startedAt, finishedAt: run.finishedAt, processed: run.result.processed })
    .onConflictDoUpdate({
      target: [jobRuns.job, jobRuns.startedAt],
      set: {
        processed: sql`${jobRuns.processed} + excluded.processed`,
        finishedAt: sql`greatest(${jobRuns.finishedAt}, excluded.finished_at)`,
      },
    });
  await db
    .delete(jobRuns)
    .where(and(eq(jobRuns.job, job), lt(jobRuns.startedAt, new Date(run.startedAt.getTime() - KEEP_RUNS_MS))));
}
