import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { attemptCounter } from '#server/db/schema/auth.ts';
import type { JobContext } from '#server/modules/jobs/job.ts';
import { pruneAttemptCountersJob } from '#server/modules/jobs/prune-attempt-counters.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { attemptsSoFar, countAttempt, SIGN_IN_FAILURES } from './attempt-limits.ts';

const HOUR = 60 * 60 * 1000;

describe('attempt counters', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('counts per subject, ignoring case, and starts again once the window has passed', async () => {
    const { db } = database;
    expect((await countAttempt(db, SIGN_IN_FAILURES, 'Someone@Example.test')).count).toBe(1);
    expect((await countAttempt(db, SIGN_IN_FAILURES, 'someone@example.test')).count).toBe(2);
    expect((await attemptsSoFar(db, SIGN_IN_FAILURES, 'SOMEONE@example.test')).count).toBe(2);
    expect((await attemptsSoFar(db, SIGN_IN_FAILURES, 'other@example.test')).count).toBe(0);
    // Its window began 16 minutes ago: over.
    await db
      .update(attemptCounter)
      .set({ windowStart: new Date(Date.now() - 16 * 60 * 1000) })
      .execute();
    expect((await attemptsSoFar(db, SIGN_IN_FAILURES, 'someone@example.test')).count).toBe(0);
    const fresh = await countAttempt(db, SIGN_IN_FAILURES, 'someone@example.test');
    expect(fresh.count).toBe(1);
    expect(fresh.resetAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
  });

  it('are pruned by a scheduled job once every window has passed', async () => {
    const { db } = database;
    const now = new Date();
    await db.insert(attemptCounter).values([
      { key: 'test:stale', count: 3, windowStart: new Date(now.getTime() - 2 * HOUR) },
      { key: 'test:recent', count: 3, windowStart: new Date(now.getTime() - HOUR / 2) },
    ]);
    // The job reads only the database.
    const result = await pruneAttemptCountersJob.run({ db } as unknown as JobContext, now);
    expect(result.processed).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: attemptCounter.key }).from(attemptCounter)).map((r) => r.key);
    expect(keys).toContain('test:recent');
    expect(keys).not.toContain('test:stale');
  });
});
