import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { kycAttempt } from '#server/db/schema/kyc.ts';
import { systemSettings } from '#server/db/schema/settings.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { memberReadyForKyc, startCheck } from './test/helpers.ts';

// The settings' KYC rules (docs/product.md §6, ADR 0051): a number of starts in any 30 days, and
// a wait after a decline. The clock is the app's, so the windows are crossed without waiting.

let app: FastifyInstance;
let now = new Date('2026-03-01T09:00:00Z');
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  app = await buildStartedApp(testConfig({ kycSandboxDelayMs: 0 }), {
    database: await createTestDatabase(),
    clock: () => now,
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(async () => {
  now = new Date('2026-03-01T09:00:00Z');
  await app.database.db.delete(systemSettings);
});

const setRules = (rules: { kycAttemptsPer30Days?: number; kycRetryHours?: number }) =>
  app.database.db.insert(systemSettings).values(Object.entries(rules).map(([key, value]) => ({ key, value })));

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;

async function state(cookie: string) {
  const res = await app.inject({ url: '/api/kyc', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; canStart: boolean; startableAt: string | null };
}

describe('identity checks a member may start in 30 days', () => {
  it('refuses the start over the limit, says when the next is allowed, and allows it then', async () => {
    await setRules({ kycAttemptsPer30Days: 2 });
    const { cookie, id } = await memberReadyForKyc(app, 'limit@example.test');
    now = new Date('2026-02-19T09:00:00Z');
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
    now = new Date('2026-03-01T09:00:00Z');
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
    expect(await state(cookie)).toMatchObject({ canStart: false, startableAt: '2026-03-21T09:00:00.000Z' });

    const refused = await startCheck(app, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'KYC_TOO_MANY_ATTEMPTS',
      params: { until: '2026-03-21T09:00:00.000Z' },
    });
    expect(await app.database.db.$count(kycAttempt, eq(kycAttempt.userId, id))).toBe(2);

    now = new Date('2026-03-21T09:00:01Z');
    expect(await state(cookie)).toMatchObject({ canStart: true, startableAt: null });
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
  });

  // PGlite runs one statement at a time; on PostgreSQL (CI's second pass) the three really race.
  it('holds under two starts at once: the attempts on record never pass the limit', async () => {
    await setRules({ kycAttemptsPer30Days: 1 });
    const { cookie, id } = await memberReadyForKyc(app, 'racing@example.test');
    const answers = await Promise.all([startCheck(app, cookie), startCheck(app, cookie), startCheck(app, cookie)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429]);
    expect(await app.database.db.$count(kycAttempt, eq(kycAttempt.userId, id))).toBe(1);
  });

  it('follows a change of the setting at the next start', async () => {
    await setRules({ kycAttemptsPer30Days: 1 });
    const { cookie } = await memberReadyForKyc(app, 'raised@example.test');
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
    expect((await startCheck(app, cookie)).statusCode).toBe(429);
    await app.database.db.delete(systemSettings);
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
  });
});

describe('the wait after a declined check', () => {
  it('holds a declined member back for the hours set, then lets them try again', async () => {
    await setRules({ kycRetryHours: 24 });
    // The decline is stamped by the database's own clock, so the app's starts from the real time.
    now = new Date();
    const { cookie } = await memberReadyForKyc(app, 'wait@example.test');
    const token = tokenOf((await startCheck(app, cookie)).json().url);
    const declined = await app.inject({
      method: 'POST',
      url: `/api/kyc/sandbox/${token}/decision`,
      headers: { cookie },
      payload: { decision: 'decline', reason: 'The photo is blurred' },
    });
    expect(declined.statusCode).toBe(200);

    const held = await state(cookie);
    expect(held).toMatchObject({ status: 'declined', canStart: false });
    const until = new Date(held.startableAt ?? 0).getTime();
    expect(until - Date.now()).toBeGreaterThan(23 * HOUR);
    const refused = await startCheck(app, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'KYC_RETRY_LATER', params: { until: held.startableAt } });

    now = new Date(until + 1000);
    expect(await state(cookie)).toMatchObject({ canStart: true, startableAt: null });
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
  });

  it('lets a declined member try again at once by default', async () => {
    now = new Date();
    const { cookie } = await memberReadyForKyc(app, 'at-once@example.test');
    const token = tokenOf((await startCheck(app, cookie)).json().url);
    await app.inject({
      method: 'POST',
      url: `/api/kyc/sandbox/${token}/decision`,
      headers: { cookie },
      payload: { decision: 'decline', reason: 'The photo is blurred' },
    });
    expect(await state(cookie)).toMatchObject({ status: 'declined', canStart: true, startableAt: null });
    expect((await startCheck(app, cookie)).statusCode).toBe(200);
  });
});
