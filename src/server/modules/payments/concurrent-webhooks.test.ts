import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import {
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  signedStripeEvent,
  startFakeStripe,
} from '#server/providers/payments/test/fake-stripe.ts';
import { createTestApp } from '#server/test/app.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { WEBHOOK_URL } from './routes.ts';
import { balance, entriesOf, ledgerIsBalanced, startPayment, verifiedSender } from './test/helpers.ts';

// The same success delivered twice at once posts one journal entry. With
// DATABASE_URL set (CI's second run) the deliveries really run in parallel on PostgreSQL connections.

let stripe: FakeStripe;
let app: FastifyInstance;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiBase: stripe.url } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

it('posts one journal entry when the same success arrives several times at once', async () => {
  for (let round = 0; round < 3; round++) {
    const sender = await verifiedSender(app, `race-${round}@example.test`);
    const draft = await createDraft(app, sender.cookie);
    const { payment } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    const signed = signedStripeEvent(stripe.completeSession(session?.id as string), FAKE_STRIPE_KEYS.webhookSecret);
    const escrowBefore = await balance(app, 'escrow');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        app.inject({ method: 'POST', url: WEBHOOK_URL, headers: signed.headers, payload: signed.body }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await entriesOf(app, payment.id)).toHaveLength(1);
    expect(await balance(app, 'escrow')).toBe(escrowBefore + payment.amount);
  }
  expect(await ledgerIsBalanced(app)).toBe(true);
});

it('opens one checkout when "Pay" is clicked several times at once', async () => {
  const sender = await verifiedSender(app, 'double-click@example.test');
  const draft = await createDraft(app, sender.cookie);
  const results = await Promise.all(Array.from({ length: 3 }, () => startPayment(app, sender.cookie, draft.id)));
  const ok = results.filter((r) => r.statusCode === 200).map((r) => (r.json() as StartPaymentResponse).payment.id);
  expect(ok.length).toBeGreaterThan(0);
  expect(new Set(ok).size).toBe(1);
  for (const r of results) expect([200, 409]).toContain(r.statusCode);
});
