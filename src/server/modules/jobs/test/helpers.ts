import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { payOnSandbox, startPayment } from '#server/modules/payments/test/helpers.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import type { Package } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';

export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;

/** A clock tests move by hand: the app reads it for the jobs and for review reveal. */
export interface FakeClock {
  (): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function fakeClock(start = new Date()): FakeClock {
  let now = start;
  const clock = (() => now) as FakeClock;
  clock.set = (date) => {
    now = date;
  };
  clock.advance = (ms) => {
    now = new Date(now.getTime() + ms);
  };
  return clock;
}

/** The whole app on a clean database, with its clock in the test's hands. */
export async function createClockedApp(clock: FakeClock, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const app = await buildStartedApp(testConfig(overrides), { database, clock });
  await app.ready();
  return app;
}

/** A draft paid through the sandbox checkout: open, its money in escrow (reward 25.00 + fee 2.50). */
export async function paidPackage(app: FastifyInstance, cookie: string): Promise<Package> {
  const draft = await createDraft(app, cookie);
  const started = await startPayment(app, cookie, draft.id);
  if (started.statusCode !== 200) throw new Error(`payment failed to start: ${started.body}`);
  const { url } = started.json() as StartPaymentResponse;
  const paid = await payOnSandbox(app, cookie, url);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  const view = await app.inject({ url: `/api/packages/${draft.id}`, headers: { cookie } });
  const pkg = view.json() as Package;
  if (pkg.status !== 'open') throw new Error(`the paid package is ${pkg.status}, not open`);
  return pkg;
}
