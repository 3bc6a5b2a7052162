import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { jobRuns } from '#server/db/schema/requests.ts';
import { createSettingsStore } from '#server/modules/settings/service.ts';
import { createTestApp } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import type { Job, JobContext } from './job.ts';
import { createScheduler } from './scheduler.ts';
import { fakeClock } from './test/helpers.ts';

// The scheduler itself, with stand-in jobs: order, failures, overlap, timer, shutdown, logs.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ level: 'debug' }, stream) };
}

function scheduler(jobs: Job[], options: { intervalMs?: number; clock?: () => Date } = {}) {
  const { lines, log } = capturingLog();
  const s = createScheduler({
    db: database.db,
    notifier: {} as JobContext['notifier'],
    provider: {} as JobContext['provider'],
    settings: createSettingsStore({ db: database.db, log }),
    log,
    clock: options.clock ?? (() => new Date()),
    intervalMs: options.intervalMs ?? 60_000,
    jobs,
  });
  return { scheduler: s, lines };
}

const job = (name: string, run: Job['run']): Job => ({ name, run });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a tick', () => {
  it("runs every job in order at the clock's time, records each run and logs what it did", async () => {
    const clock = fakeClock(new Date('2030-01-02T03:04:05.000Z'));
    const seen: [string, string][] = [];
    const { scheduler: s, lines } = scheduler(
      [
        job('first', async (_ctx, now) => {
          seen.push(['first', now.toISOString()]);
          return { processed: 3, failed: 1 };
        }),
        job('second', async (_ctx, now) => {
          seen.push(['second', now.toISOString()]);
          return { processed: 0, failed: 0 };
        }),
      ],
      { clock },
    );
    const reports = await s.tick();
    expect(seen).toEqual([
      ['first', '2030-01-02T03:04:05.000Z'],
      ['second', '2030-01-02T03:04:05.000Z'],
    ]);
    expect(reports.map(({ job, processed, failed }) => ({ job, processed, failed }))).toEqual([
      { job: 'first', processed: 3, failed: 1 },
      { job: 'second', processed: 0, failed: 0 },
    ]);
    const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.startedAt, clock()));
    expect(runs.map((r) => [r.job, r.processed]).sort()).toEqual([
      ['first', 3],
      ['second', 0],
    ]);
    const logged = lines.filter((l) => l.msg === 'scheduled job ran');
    expect(logged.find((l) => l.job === 'first')).toMatchObject({ level: 30, processed: 3, failed: 1 });
    expect(logged.find((l) => l.job === 'first')?.durationMs).toEqual(expect.any(Number));
    // A run that did nothing is recorded, and logged at debug only.
    expect(logged.find((l) => l.job === 'second')).toMatchObject({ level: 20, processed: 0 });
  });

  it('goes on with the next job when one throws, and reports the failure', async () => {
    const ran: string[] = [];
    const { scheduler: s, lines } = scheduler([
      job('broken', async () => {
        throw new Error('database unreachable');
      }),
      job('fine', async () => {
        ran.push('fine');
        return { processed: 1, failed: 0 };
      }),
    ]);
    const reports = await s.tick();
    expect(reports.map((r) => [r.job, r.error ?? false])).toEqual([
      ['broken', true],
      ['fine', false],
    ]);
    expect(ran).toEqual(['fine']);
    expect(lines.find((l) => l.msg === 'scheduled job failed')).toMatchObject({ level: 50, job: 'broken' });
  });

  it('joins a tick already under way instead of starting a second one', async () => {
    let runs = 0;
    const { scheduler: s } = scheduler([
      job('slow', async () => {
        runs += 1;
        await sleep(50);
        return { processed: 0, failed: 0 };
      }),
    ]);
    const [a, b] = await Promise.all([s.tick(), s.tick()]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
  });
});

describe('the timer', () => {
  it('ticks every interval once started, and no more once stopped', async () => {
    let runs = 0;
    const { scheduler: s } = scheduler(
      [
        job('counted', async () => {
          runs += 1;
          return { processed: 0, failed: 0 };
        }),
      ],
      { intervalMs: 20 },
    );
    s.start();
    s.start();
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await s.stop();
    const after = runs;
    await sleep(100);
    expect(runs).toBe(after);
    expect(await s.tick()).toEqual([]);
  });

  it('waits for a running tick to finish when stopped', async () => {
    let release: () => void = () => undefined;
    let began = false;
    let finished = false;
    const { scheduler: s } = scheduler(
      [
        job('long', async () => {
          began = true;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          finished = true;
          return { processed: 0, failed: 0 };
        }),
      ],
      { intervalMs: 10 },
    );
    s.start();
    await expect.poll(() => began, { timeout: 5_000 }).toBe(true);
    let stopped = false;
    const stopping = s.stop().then(() => {
      stopped = true;
    });
    await sleep(30);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
  });
});

describe('in the app', () => {
  it('runs on its own with JOBS_INTERVAL_MS set, and the app still closes promptly', async () => {
    const app = await createTestApp({ jobsIntervalMs: 20 });
    await app.ready();
    const db = app.database.db;
    await expect
      .poll(async () => (await db.select({ n: count() }).from(jobRuns))[0]?.n ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is off in tests unless told, every minute elsewhere, and refuses a bad interval', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).jobsIntervalMs).toBe(0);
    expect(loadConfig({}).jobsIntervalMs).toBe(60_000);
    expect(loadConfig({ JOBS_INTERVAL_MS: '5000' }).jobsIntervalMs).toBe(5000);
    expect(loadConfig({ NODE_ENV: 'test', JOBS_INTERVAL_MS: '250' }).jobsIntervalMs).toBe(250);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: '-1' })).toThrow(/JOBS_INTERVAL_MS/);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: 'often' })).toThrow(/JOBS_INTERVAL_MS/);
  });
});
