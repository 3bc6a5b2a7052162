import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { WEBHOOK_URL } from '#server/modules/payments/routes.ts';
import { entriesOf, startPayment, verifiedSender } from '#server/modules/payments/test/helpers.ts';
import {
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  signedStripeEvent,
  startFakeStripe,
} from '#server/providers/payments/test/fake-stripe.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminPayment } from '#shared/admin-money.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';

// An admin refund is asked of the provider (here Stripe's Refunds API, on a local fake) last, in the
// transaction that records it: a refund the provider refused rolls the record back.

let stripe: FakeStripe;
let app: FastifyInstance;
let admin: { cookie: string; id: string };
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiBase: stripe.url } });
  await app.ready();
  admin = await signUpVerified(app, 'stripe-refund-admin@example.test', 'Alex Admin');
  await makeAdmin(app, admin.id);
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

async function paidThroughStripe(email: string) {
  const sender = await verifiedSender(app, email);
  const draft = await createDraft(app, sender.cookie);
  const { payment } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
  const session = [...stripe.sessions.values()].find(
    (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
  );
  const signed = signedStripeEvent(stripe.completeSession(session?.id as string), FAKE_STRIPE_KEYS.webhookSecret);
  const res = await app.inject({ method: 'POST', url: WEBHOOK_URL, headers: signed.headers, payload: signed.body });
  expect(res.statusCode).toBe(200);
  return payment;
}

const refund = (paymentId: string, amount: number) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refund`,
    headers: { cookie: admin.cookie },
    payload: { amount, note: 'Refund agreed with the sender' },
  });

describe('admin refunds through Stripe', () => {
  it('records the refund and asks Stripe for the amount', async () => {
    const payment = await paidThroughStripe('stripe-admin-refund@example.test');
    const res = await refund(payment.id, 700);
    expect(res.statusCode).toBe(200);
    expect((res.json() as AdminPayment).refundedAmount).toBe(700);
    const call = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(call?.body).toMatchObject({ amount: '700' });
    expect(call?.headers['idempotency-key']).toBeTruthy();
    expect((await entriesOf(app, payment.id)).map((e) => e.kind).sort()).toEqual(['payment_received', 'refund']);
  });

  it('records nothing when Stripe refuses: 503, no entry, no audit row', async () => {
    const payment = await paidThroughStripe('stripe-admin-refund-down@example.test');
    stripe.failNext(402, { error: { type: 'invalid_request_error', message: 'This charge cannot be refunded.' } });
    const res = await refund(payment.id, 700);
    expect(res.statusCode).toBe(503);
    expect((await entriesOf(app, payment.id)).map((e) => e.kind)).toEqual(['payment_received']);
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, payment.id))).toEqual([]);
  });
});
