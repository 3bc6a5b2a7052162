import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutInput } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe.ts';
import { STRIPE_SIGNATURE_HEADER } from './stripe-webhook.ts';
import {
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  paidCheckout,
  signedStripeEvent,
  startFakeStripe,
  stripeEvent,
} from './test/fake-stripe.ts';

const { webhookSecret: WEBHOOK_SECRET } = FAKE_STRIPE_KEYS;
const BAD_SIGNATURE = { ok: false, status: 400, reason: 'missing or invalid stripe-signature' };

// Events come from checkouts created and paid at the fake Stripe, so they carry what Stripe's would.
describe('Stripe webhook', () => {
  let stripe: FakeStripe;
  let provider: ReturnType<typeof createStripePaymentProvider>;
  const paid = (input: Partial<CheckoutInput> = {}) => paidCheckout(provider, stripe, input);

  beforeAll(async () => {
    stripe = await startFakeStripe(FAKE_STRIPE_KEYS);
    provider = createStripePaymentProvider({ ...FAKE_STRIPE_KEYS, apiBase: stripe.url });
  });
  afterAll(async () => {
    await stripe.close();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
  });

  describe('signature and body', () => {
    it('reads a correctly signed checkout.session.completed as our payment succeeded', async () => {
      const { checkout, event, paymentIntent } = await paid({ paymentId: 'pay_webhook', amount: 3100 });
      const { body, headers } = signedStripeEvent(event, WEBHOOK_SECRET);
      expect(provider.parseWebhook(Buffer.from(body), headers)).toEqual({
        ok: true,
        event: {
          eventId: event.id,
          type: 'checkout.session.completed',
          kind: 'succeeded',
          paymentId: 'pay_webhook',
          providerRef: checkout.providerRef,
          amount: 3100,
          currency: 'EUR',
          providerPaymentRef: paymentIntent,
        },
      });
    });

    it('rejects an event signed with another secret with 400', async () => {
      const { event } = await paid();
      const { body, headers } = signedStripeEvent(event, 'whsec_someone_else');
      expect(provider.parseWebhook(Buffer.from(body), headers)).toEqual(BAD_SIGNATURE);
    });

    it('rejects a signature older than 300 seconds, and takes one just inside the window', async () => {
      const { event } = await paid();
      const now = Math.floor(Date.now() / 1000);
      const stale = signedStripeEvent(event, WEBHOOK_SECRET, { timestamp: now - 301 });
      expect(provider.parseWebhook(Buffer.from(stale.body), stale.headers)).toEqual(BAD_SIGNATURE);
      const recent = signedStripeEvent(event, WEBHOOK_SECRET, { timestamp: now - 290 });
      expect(provider.parseWebhook(Buffer.from(recent.body), recent.headers)).toMatchObject({ ok: true });
    });

    it('rejects a body changed after signing', async () => {
      const { event } = await paid({ amount: 2450 });
      const { body, headers } = signedStripeEvent(event, WEBHOOK_SECRET);
      const tampered = body.replace('"amount_total": 2450', '"amount_total": 1');
      expect(tampered).not.toBe(body);
      expect(provider.parseWebhook(Buffer.from(tampered), headers)).toEqual(BAD_SIGNATURE);
      // Same JSON, other bytes: the signature covers the bytes, so the raw body must reach us untouched.
      const reformatted = JSON.stringify(JSON.parse(body));
      expect(provider.parseWebhook(Buffer.from(reformatted), headers)).toEqual(BAD_SIGNATURE);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['sent twice', ['t=1,v1=00', 't=1,v1=00']],
      ['without a timestamp', 'v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'],
      ['without a v1 signature', 't=1700000000,v0=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'],
      ['garbage', 'not a signature'],
      ['an empty v1 (the SDK throws a plain Error on it)', `t=${Math.floor(Date.now() / 1000)},v1=`],
    ])('rejects a stripe-signature header that is %s with 400', async (_name, header) => {
      const { event } = await paid();
      const { body } = signedStripeEvent(event, WEBHOOK_SECRET);
      expect(provider.parseWebhook(Buffer.from(body), { [STRIPE_SIGNATURE_HEADER]: header })).toEqual(BAD_SIGNATURE);
    });

    it('rejects a signature with one character changed', async () => {
      const { event } = await paid();
      const { body, headers } = signedStripeEvent(event, WEBHOOK_SECRET);
      const signature = headers[STRIPE_SIGNATURE_HEADER];
      const last = signature.at(-1) === '0' ? '1' : '0';
      const changed = { [STRIPE_SIGNATURE_HEADER]: `${signature.slice(0, -1)}${last}` };
      expect(provider.parseWebhook(Buffer.from(body), changed)).toEqual(BAD_SIGNATURE);
    });

    it('answers 400 to a genuine signature over a body that is not a Stripe event', () => {
      for (const payload of ['not json {', 'null', '[]', '{"id":"evt_1","object":"v2.core.event","type":"x"}']) {
        const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        expect(provider.parseWebhook(Buffer.from(payload), { [STRIPE_SIGNATURE_HEADER]: signature })).toEqual({
          ok: false,
          status: 400,
          reason: 'body is not a Stripe event',
        });
      }
    });

    it('reads other events Stripe sends the endpoint as "other"', () => {
      const event = stripeEvent('charge.refunded', { id: 'ch_test_1', object: 'charge' });
      const { body, headers } = signedStripeEvent(event, WEBHOOK_SECRET);
      expect(provider.parseWebhook(Buffer.from(body), headers)).toMatchObject({ ok: true, event: { kind: 'other' } });
    });
  });

  describe('fuzzed', () => {
    const header = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.tuple(fc.integer(), fc.stringMatching(/^[0-9a-f]{64}$/)).map(([t, v1]) => `t=${t},v1=${v1}`),
      fc.stringMatching(/^t=[0-9]{1,12},v1=[0-9a-fA-F]{0,70}(,v0=[0-9a-f]{64})?$/),
    );

    it('rejects any unsigned body with 400, never throwing', () => {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 2048 }), header, (bytes, signature) => {
          const parsed = provider.parseWebhook(Buffer.from(bytes), { [STRIPE_SIGNATURE_HEADER]: signature });
          expect(parsed).toEqual(BAD_SIGNATURE);
        }),
        { numRuns: 500 },
      );
    });

    it('reads any signed body as an event or a 400, never throwing', () => {
      const body = fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString('utf8')),
        fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
        fc
          .record({
            id: fc.oneof(fc.string(), fc.integer()),
            object: fc.constantFrom('event', 'v2.core.event', ''),
            type: fc.constantFrom(
              'checkout.session.completed',
              'checkout.session.async_payment_failed',
              'checkout.session.expired',
              'charge.refunded',
              '',
            ),
            data: fc.record({
              object: fc.oneof(
                fc.jsonValue(),
                fc.record({
                  id: fc.string(),
                  object: fc.constantFrom('checkout.session', 'charge'),
                  payment_status: fc.constantFrom('paid', 'unpaid', 7),
                  amount_total: fc.oneof(fc.integer(), fc.double(), fc.constant(null)),
                  currency: fc.oneof(fc.constantFrom('eur', 'USD', 'x'), fc.constant(null)),
                  metadata: fc.dictionary(fc.string(), fc.jsonValue()),
                  payment_intent: fc.oneof(fc.string(), fc.jsonValue()),
                }),
              ),
            }),
          })
          .map((value) => JSON.stringify(value)),
      );
      fc.assert(
        fc.property(body, (payload) => {
          const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
          const parsed = provider.parseWebhook(Buffer.from(payload), { [STRIPE_SIGNATURE_HEADER]: signature });
          if (!parsed.ok) expect(parsed.status).toBe(400);
          else expect(['succeeded', 'failed', 'cancelled', 'other']).toContain(parsed.event.kind);
        }),
        { numRuns: 500 },
      );
    });

    it('rejects a signed event once any byte of it changes', async () => {
      const { event } = await paid();
      const { body, headers } = signedStripeEvent(event, WEBHOOK_SECRET);
      fc.assert(
        fc.property(fc.nat({ max: body.length - 1 }), fc.integer({ min: 1, max: 255 }), (index, delta) => {
          const bytes = Buffer.from(body);
          bytes[index] = ((bytes[index] ?? 0) + delta) % 256;
          expect(provider.parseWebhook(bytes, headers)).toEqual(BAD_SIGNATURE);
        }),
      );
    });
  });
});
