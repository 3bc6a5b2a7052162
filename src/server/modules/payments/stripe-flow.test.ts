import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import {
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  signedStripeEvent,
  startFakeStripe,
  stripeEvent,
} from '#server/providers/payments/test/fake-stripe.ts';
import { createTestApp } from '#server/test/app.ts';
import type { Package } from '#shared/packages.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { WEBHOOK_URL } from './routes.ts';
import {
  balance,
  entriesOf,
  expectMismatchRefused,
  ledgerIsBalanced,
  startPayment,
  verifiedSender,
} from './test/helpers.ts';

// The whole payment with the Stripe adapter: the SDK talks to a local fake of Stripe's API, and the
// webhook events are signed the way Stripe signs them.

let stripe: FakeStripe;
let app: FastifyInstance;
const { secretKey, webhookSecret } = FAKE_STRIPE_KEYS;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({
    stripe: { secretKey, webhookSecret, apiBase: stripe.url },
    baseUrl: 'https://tagalong.example',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const deliver = (event: unknown, options: { secret?: string; timestamp?: number } = {}) => {
  const signed = signedStripeEvent(event, options.secret ?? webhookSecret, options);
  return app.inject({ method: 'POST', url: WEBHOOK_URL, headers: signed.headers, payload: signed.body });
};

async function checkoutFor(email: string) {
  const sender = await verifiedSender(app, email);
  const draft = await createDraft(app, sender.cookie);
  const started = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
  return { sender, draft, ...started };
}

const statusOf = async (cookie: string, id: string) =>
  ((await app.inject({ url: `/api/packages/${id}`, headers: { cookie } })).json() as Package).status;

describe('paying through Stripe', () => {
  it('creates a Checkout Session for the amount, with our payment id and the return pages', async () => {
    const { payment, url, draft } = await checkoutFor('stripe-session@example.test');
    const request = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(request?.body).toMatchObject({
      mode: 'payment',
      metadata: { payment_id: payment.id, package_id: draft.id },
      success_url: `https://tagalong.example/user/packages/${draft.id}/payment/callback`,
      cancel_url: `https://tagalong.example/user/packages/${draft.id}/payment/callback?cancelled=1`,
      line_items: [{ price_data: { currency: 'eur', unit_amount: '2750' }, quantity: '1' }],
    });
    expect(url).toMatch(/^https?:\/\//);
  });

  it('publishes on a correctly signed checkout.session.completed; the same event twice changes nothing', async () => {
    const { sender, draft, payment } = await checkoutFor('stripe-paid@example.test');
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    const event = stripe.completeSession(session?.id as string);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statusOf(sender.cookie, draft.id)).toBe('open');
    const escrow = await balance(app, 'escrow');
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await entriesOf(app, payment.id)).toHaveLength(1);
    expect(await balance(app, 'escrow')).toBe(escrow);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('answers 400 to a bad signature or a stale timestamp, and changes nothing', async () => {
    const { sender, draft, payment } = await checkoutFor('stripe-forged@example.test');
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    const event = stripe.completeSession(session?.id as string);
    expect((await deliver(event, { secret: 'whsec_not_ours_0123456789abcdef' })).statusCode).toBe(400);
    const fiveMinutesAndMoreAgo = Math.floor(Date.now() / 1000) - 301;
    expect((await deliver(event, { timestamp: fiveMinutesAndMoreAgo })).statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(sender.cookie, draft.id)).toBe('draft');
    expect(await entriesOf(app, payment.id)).toHaveLength(0);
    // The genuine delivery still goes through afterwards.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await statusOf(sender.cookie, draft.id)).toBe('open');
  });

  it('acknowledges an event for a payment it does not know', async () => {
    const event = {
      id: 'evt_test_unknown_payment',
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'cs_test_nobody',
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 1000,
          currency: 'eur',
          payment_intent: 'pi_test_nobody',
          metadata: { payment_id: '00000000-0000-4000-8000-000000000000' },
        },
      },
    };
    expect((await deliver(event)).statusCode).toBe(200);
  });

  it('acknowledges a paid checkout of another integration (no payment id of ours) and books nothing', async () => {
    const escrow = await balance(app, 'escrow');
    const session = {
      id: 'cs_test_other_integration',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 4200,
      currency: 'eur',
      payment_intent: 'pi_test_other_integration',
      client_reference_id: 'order-4711',
      metadata: { payment_id: 'their-own-id', shop: 'elsewhere' },
    };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).statusCode).toBe(200);
    const bare = { ...session, id: 'cs_test_no_metadata', client_reference_id: null, metadata: {} };
    expect((await deliver(stripeEvent('checkout.session.completed', bare))).statusCode).toBe(200);
    expect(await balance(app, 'escrow')).toBe(escrow);
  });

  it('acknowledges an event type it does not handle', async () => {
    const invoice = { id: 'in_test_1', object: 'invoice', amount_paid: 500, currency: 'eur', metadata: {} };
    const res = await deliver(stripeEvent('invoice.paid', invoice));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
  });

  it.each([
    { case: 'amount', paid: { amount: 100, currency: 'EUR' } },
    { case: 'currency', paid: { amount: 2750, currency: 'USD' } },
  ])('refuses a checkout paid with another $case: not booked, recorded, refunded once', async ({ paid }) => {
    const { sender, draft, payment } = await checkoutFor(`stripe-mismatch-${paid.currency.toLowerCase()}@example.test`);
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    const event = stripe.completeSession(session?.id as string);
    const object = (event.data as { object: Record<string, unknown> }).object;
    Object.assign(object, { amount_total: paid.amount, currency: paid.currency.toLowerCase() });
    const escrowBefore = await balance(app, 'escrow');
    expect((await deliver(event)).statusCode).toBe(200);
    // A redelivery refunds nothing more.
    expect((await deliver(event)).statusCode).toBe(200);
    const refunds = stripe.requests.filter(
      (r) => r.path === '/v1/refunds' && r.body.payment_intent === object.payment_intent,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.body).toMatchObject({ amount: String(paid.amount) });
    await expectMismatchRefused(app, {
      paymentId: payment.id,
      packageId: draft.id,
      senderCookie: sender.cookie,
      escrowBefore,
      paid,
    });
  });

  it('refunds through the Refunds API when an open package is cancelled', async () => {
    const { sender, draft, payment } = await checkoutFor('stripe-refund@example.test');
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    await deliver(stripe.completeSession(session?.id as string));
    const res = await app.inject({
      method: 'POST',
      url: `/api/packages/${draft.id}/cancel`,
      headers: { cookie: sender.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const refund = stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1);
    expect(refund?.body).toMatchObject({ amount: '2750' });
    expect(refund?.headers['idempotency-key']).toBeTruthy();
  });

  it('keeps the package paid-for when Stripe cannot refund: 503 and nothing changes', async () => {
    const { sender, draft, payment } = await checkoutFor('stripe-refund-down@example.test');
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    await deliver(stripe.completeSession(session?.id as string));
    // A refusal Stripe does not retry (a 5xx would be retried by the SDK and then succeed).
    stripe.failNext(402, { error: { type: 'invalid_request_error', message: 'This charge cannot be refunded.' } });
    const res = await app.inject({
      method: 'POST',
      url: `/api/packages/${draft.id}/cancel`,
      headers: { cookie: sender.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('REFUND_UNAVAILABLE');
    expect(await statusOf(sender.cookie, draft.id)).toBe('open');
    expect((await entriesOf(app, payment.id)).map((e) => e.kind)).toEqual(['payment_received']);
  });
});
