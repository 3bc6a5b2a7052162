import { performance } from 'node:perf_hooks';
import type { Metrics } from '#server/metrics/metrics.ts';
import type { Job, JobContext, JobResult } from './job.ts';
import { recordRun } from './record.ts';

// The scheduler (ADR 0021): runs the scheduled jobs in the server process, one after the
// other, every `intervalMs`. Every node runs it; the jobs claim their items with row locks, so nodes
// share the work instead of doing it twice. The clock is injected: tests tick with a fake one.

export interface SchedulerOptions extends JobContext {
  /** The time the jobs consider "now"; `() => new Date()` in production. */
  clock: () => Date;
  /** Between the end of one run and the start of the next. */
  intervalMs: number;
  jobs: readonly Job[];
  /** Runs and their items are counted here when given (the app's /metrics). */
  metrics?: Pick<Metrics, 'jobRuns' | 'jobItems'>;
}

export interface JobReport extends JobResult {
  job: string;
  durationMs: number;
  /** The job itself threw (the database was unreachable, say): nothing recorded, tried again next run. */
  error?: true;
}

export interface Scheduler {
  /** Runs every job once, now; a run already under way is joined rather than started again. */
  tick(): Promise<JobReport[]>;
  /** Ticks every `intervalMs` until stopped; the first tick comes soon after start. */
  start(): void;
  /** Stops the timer and waits for a running tick to end, so the database can close behind it. */
  stop(): Promise<void>;
}

/** A restarted node catches up on what fell due while it was down without waiting a whole interval. */
const FIRST_TICK_MAX_DELAY_MS = 5_000;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { clock, intervalMs, jobs, log } = options;
  let running: Promise<JobReport[]> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  async function runJob(job: Job, now: Date): Promise<JobReport> {
    const started = performance.now();
    try {
      const result = await job.run(options, now);
      await recordRun(options.db, job.name, { startedAt: now, finishedAt: clock(), result });
      const durationMs = Math.round(performance.now() - started);
      // Every run is in job_run; the log only speaks up when a run did or failed something.
      const level = result.processed > 0 || result.failed > 0 ? 'info' : 'debug';
      log[level]({ job: job.name, ...result, durationMs }, 'scheduled job ran');
      options.metrics?.jobRuns.inc({ job: job.name, outcome: 'ok' });
      options.metrics?.jobItems.inc({ job: job.name, result: 'processed' }, result.processed);
      options.metrics?.jobItems.inc({ job: job.name, result: 'failed' }, result.failed);
      return { job: job.name, ...result, durationMs };
    } catch (err) {
      const durationMs = Math.round(performance.now() - started);
      log.error({ err, job: job.name, durationMs }, 'scheduled job failed');
      options.metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
      return { job: job.name, processed: 0, failed: 0, durationMs, error: true };
    }
  }

  async function runAll(): Promise<JobReport[]> {
    const reports: JobReport[] = [];
    for (const job of jobs) {
      if (stopped) break;
      reports.push(await runJob(job, clock()));
    }
    return reports;
  }

  function tick(): Promise<JobReport[]> {
    if (stopped) return Promise.resolve([]);
    if (!running) {
      running = runAll().finally(() => {
        running = undefined;
      });
    }
    return running;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      void tick().then(() => {
        if (!stopped) schedule(intervalMs);
      });
    }, delayMs);
    // The server's sockets keep the process alive; a pending tick alone must not.
    timer.unref();
  }

  return {
    tick,
    start() {
      if (stopped || started) return;
      started = true;
      log.info({ intervalMs, jobs: jobs.map((j) => j.name) }, 'scheduled jobs started');
      schedule(Math.min(intervalMs, FIRST_TICK_MAX_DELAY_MS));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
