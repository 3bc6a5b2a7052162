import { afterAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEYS } from '#server/providers/payments/test/fake-stripe.ts';
import { createTestApp } from '#server/test/app.ts';
import type { AppMeta } from '#shared/meta.ts';

// GET /api/meta tells the web what this server offers before anyone signs in: here, where a traveler
// can be paid (ADR 0026). Stripe is never called: having it configured is what counts.

const apps: Awaited<ReturnType<typeof createTestApp>>[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

async function metaOf(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(overrides);
  apps.push(app);
  const res = await app.inject('/api/meta');
  expect(res.statusCode).toBe(200);
  return res.json() as AppMeta;
}

describe('GET /api/meta', () => {
  it('offers payouts to a bank account only, on the sandbox', async () => {
    expect(await metaOf()).toMatchObject({ demoMode: false, googleSignIn: false, payoutMethods: ['bank'] });
  });

  it('offers payouts to a Stripe account too when Stripe is configured', async () => {
    const meta = await metaOf({ stripe: { ...FAKE_STRIPE_KEYS, apiBase: 'http://127.0.0.1:9' } });
    expect(meta.payoutMethods).toEqual(['bank', 'stripe_connect']);
  });
});
