import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CheckoutInput, PaymentProviderError } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe.ts';
import {
  EXAMPLE_CHECKOUT as CHECKOUT,
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  paidCheckout,
  startFakeStripe,
} from './test/fake-stripe.ts';

const { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET } = FAKE_STRIPE_KEYS;

async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

function expectNoSecret(error: Error, key: string) {
  expect(error.message).not.toContain(key);
  expect(error.message).not.toContain(key.slice(-4));
  expect(JSON.stringify(error)).not.toContain(key);
}

describe('Stripe provider: checkout', () => {
  let stripe: FakeStripe;
  let provider: ReturnType<typeof createStripePaymentProvider>;

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

  it('creates a Checkout Session for the amount, with our ids in the metadata and our return pages', async () => {
    expect(provider.kind).toBe('stripe');
    const checkout = await provider.createCheckout(CHECKOUT);

    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(checkout.url).toBe(`https://checkout.stripe.com/c/pay/${checkout.providerRef}#fake`);
    expect(stripe.requests).toHaveLength(1);
    const [request] = stripe.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe(`tagalong-checkout-${CHECKOUT.paymentId}`);
    const metadata = { payment_id: CHECKOUT.paymentId, package_id: CHECKOUT.packageId };
    // Form encoding makes every value a string.
    expect(request?.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'eur', unit_amount: '2450', product_data: { name: CHECKOUT.packageTitle } },
          quantity: '1',
        },
      ],
      customer_email: CHECKOUT.customerEmail,
      client_reference_id: CHECKOUT.paymentId,
      metadata,
      payment_intent_data: { metadata },
      success_url: CHECKOUT.successUrl,
      cancel_url: CHECKOUT.cancelUrl,
    });
    expect(stripe.sessions.get(checkout.providerRef)).toMatchObject({
      amount_total: 2450,
      currency: 'eur',
      metadata,
    });
  });

  it('gets the same session back when the same payment asks again', async () => {
    const input = { ...CHECKOUT, paymentId: 'pay_twice' };
    const first = await provider.createCheckout(input);
    const sessions = stripe.sessions.size;
    const second = await provider.createCheckout(input);
    expect(second).toEqual(first);
    expect(stripe.sessions.size).toBe(sessions);
  });

  it('retries a 500 with the same idempotency key, so Stripe never makes two sessions', async () => {
    stripe.failNext(500);
    const checkout = await provider.createCheckout({ ...CHECKOUT, paymentId: 'pay_retried' });
    expect(checkout.providerRef).toMatch(/^cs_test_/);
    expect(stripe.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      'tagalong-checkout-pay_retried',
      'tagalong-checkout-pay_retried',
    ]);
  });

  it("turns Stripe's refusal into a PaymentProviderError with its status and words", async () => {
    stripe.failNext(400, {
      error: {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'line_items[0][price_data][unit_amount]',
        message: "The Checkout Session's total amount due must add up to at least €0.50 eur",
      },
    });
    const error = await failure(provider.createCheckout({ ...CHECKOUT, paymentId: 'pay_small', amount: 10 }));
    expect(error.httpStatus).toBe(400);
    expect(error.message).toMatch(
      /^Stripe could not create the checkout \(HTTP 400\) \[amount_too_small\]: The Checkout/,
    );
    expect(error.message).toMatch(/\(request req_[0-9a-f]+\)$/);
  });

  it('never quotes the secret key, not even the part Stripe shows of a wrong one', async () => {
    const wrongKey = 'sk_test_51WrongKeyWRONGwrongWRONG9876';
    const wrong = createStripePaymentProvider({ ...FAKE_STRIPE_KEYS, secretKey: wrongKey, apiBase: stripe.url });
    const error = await failure(wrong.createCheckout(CHECKOUT));
    expect(error.httpStatus).toBe(401);
    expect(error.message).toContain('Invalid API Key provided: [redacted]');
    expectNoSecret(error, wrongKey);
    expect(error.cause).toBeUndefined();
    expect(stripe.requests.at(-1)?.headers.authorization).toBe(`Bearer ${wrongKey}`);
  });

  it('reports an unreachable Stripe without an HTTP status', async () => {
    const closed = await startFakeStripe();
    const url = closed.url;
    await closed.close();
    const offline = createStripePaymentProvider({ ...FAKE_STRIPE_KEYS, apiBase: url, maxNetworkRetries: 0 });
    const error = await failure(offline.createCheckout(CHECKOUT));
    expect(error.httpStatus).toBeNull();
    expect(error.message).toMatch(/^Stripe could not create the checkout: /);
    expectNoSecret(error, SECRET_KEY);
  });

  it('gives up on a Stripe that does not answer within the timeout', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = createStripePaymentProvider({
        ...FAKE_STRIPE_KEYS,
        apiBase: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
        maxNetworkRetries: 0,
      });
      const error = await failure(slow.createCheckout(CHECKOUT));
      expect(error.httpStatus).toBeNull();
      expect(error.message).toContain('timeout');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('refuses to start without its secrets', () => {
    expect(() => createStripePaymentProvider({ secretKey: '', webhookSecret: WEBHOOK_SECRET })).toThrow();
    expect(() => createStripePaymentProvider({ secretKey: SECRET_KEY, webhookSecret: '  ' })).toThrow();
  });
});
describe('Stripe provider: refund', () => {
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

  it('refunds an amount of the PaymentIntent, keyed so a retry cannot refund twice', async () => {
    const { checkout, paymentIntent } = await paid({ amount: 5000 });
    stripe.requests.length = 0;
    const payment = {
      providerRef: checkout.providerRef,
      providerPaymentRef: paymentIntent,
      currency: 'EUR' as const,
    };

    const refund = await provider.refund(payment, 1200);
    expect(refund).toEqual({ providerRefundRef: expect.stringMatching(/^re_test_/), amount: 1200 });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/refunds',
        body: { payment_intent: paymentIntent, amount: '1200' },
        headers: expect.objectContaining({
          authorization: `Bearer ${SECRET_KEY}`,
          'idempotency-key': `tagalong-refund-${paymentIntent}-1200`,
        }),
      }),
    ]);

    // Our refund id as the key: the same refund answered again, nothing more refunded.
    const first = await provider.refund(payment, 800, { idempotencyKey: 'refund_r1' });
    const again = await provider.refund(payment, 800, { idempotencyKey: 'refund_r1' });
    expect(again).toEqual(first);
    expect(stripe.requests.at(-1)?.headers['idempotency-key']).toBe('refund_r1');
    const refunded = [...stripe.refunds.values()].filter((r) => r.payment_intent === paymentIntent);
    expect(refunded.map((r) => r.amount)).toEqual([1200, 800]);
  });

  it('finds the PaymentIntent through the session when the payment does not know it', async () => {
    const { checkout, paymentIntent } = await paid({ amount: 2000 });
    stripe.requests.length = 0;
    const refund = await provider.refund(
      { providerRef: checkout.providerRef, providerPaymentRef: null, currency: 'EUR' },
      2000,
    );
    expect(refund.amount).toBe(2000);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${checkout.providerRef}`,
      'POST /v1/refunds',
    ]);
    expect(stripe.requests[1]?.body).toEqual({ payment_intent: paymentIntent, amount: '2000' });
  });

  it('fails without a request when there is nothing to refund from', async () => {
    const unpaid = await provider.createCheckout({ ...CHECKOUT, paymentId: 'pay_unpaid' });
    stripe.requests.length = 0;
    const error = await failure(
      provider.refund({ providerRef: unpaid.providerRef, providerPaymentRef: null, currency: 'EUR' }, 100),
    );
    expect(error.message).toBe('Stripe has no charge to refund for this payment');
    await failure(provider.refund({ providerRef: null, providerPaymentRef: null, currency: 'EUR' }, 100));
    expect(stripe.requests.map((r) => r.method)).toEqual(['GET']);
  });

  it.each([0, -100, 12.5, Number.NaN])('refuses to refund %s without asking Stripe', async (amount) => {
    await failure(provider.refund({ providerRef: null, providerPaymentRef: 'pi_test_x', currency: 'EUR' }, amount));
    expect(stripe.requests).toEqual([]);
  });

  it("passes on Stripe's refusals: more than was paid, an unknown charge", async () => {
    const { paymentIntent } = await paid({ amount: 1000 });
    const payment = { providerRef: null, providerPaymentRef: paymentIntent, currency: 'EUR' as const };
    const tooMuch = await failure(provider.refund(payment, 1001));
    expect(tooMuch.httpStatus).toBe(400);
    expect(tooMuch.message).toContain('[amount_too_large]: Refund amount (1001) is greater than unrefunded amount');

    const unknown = await failure(provider.refund({ ...payment, providerPaymentRef: 'pi_test_nope' }, 100));
    expect(unknown.httpStatus).toBe(404);
    expect(unknown.message).toContain("No such payment_intent: 'pi_test_nope'");
  });

  it('fails with the HTTP status and without the secret key', async () => {
    const { paymentIntent } = await paid({ amount: 1000 });
    stripe.failNext(402, { error: { type: 'invalid_request_error', message: `Refused for ${SECRET_KEY}` } });
    const error = await failure(
      provider.refund({ providerRef: null, providerPaymentRef: paymentIntent, currency: 'EUR' }, 100),
    );
    expect(error.httpStatus).toBe(402);
    expect(error.message).toContain('Refused for [redacted]');
    expectNoSecret(error, SECRET_KEY);
  });
});
