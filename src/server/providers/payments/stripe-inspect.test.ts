import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError } from './payment-provider.ts';
import { createStripePaymentProvider } from './stripe.ts';
import {
  EXAMPLE_CHECKOUT as CHECKOUT,
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  paidCheckout,
  startFakeStripe,
} from './test/fake-stripe.ts';

// What Stripe holds for a payment, read for the back office's reconciliation: the PaymentIntent with
// its latest charge, against the local fake Stripe.

let stripe: FakeStripe;
let provider: ReturnType<typeof createStripePaymentProvider>;
beforeAll(async () => {
  stripe = await startFakeStripe(FAKE_STRIPE_KEYS);
  provider = createStripePaymentProvider({ ...FAKE_STRIPE_KEYS, apiBase: stripe.url, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

const lookup = (providerRef: string | null, providerPaymentRef: string | null) => ({
  providerRef,
  providerPaymentRef,
  currency: 'EUR' as const,
});

describe('Stripe provider: inspect', () => {
  it('reads a paid PaymentIntent: what it received, in which currency, and its status', async () => {
    const { checkout, paymentIntent } = await paidCheckout(provider, stripe);
    stripe.requests.length = 0;

    expect(await provider.inspect(lookup(checkout.providerRef, paymentIntent))).toEqual({
      reference: paymentIntent,
      status: 'succeeded',
      amount: CHECKOUT.amount,
      currency: 'EUR',
      refunded: 0,
    });
    expect(stripe.requests).toHaveLength(1);
    expect(stripe.requests[0]).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${paymentIntent}`,
      body: { expand: ['latest_charge'] },
    });
  });

  it('shows what was refunded through the adapter', async () => {
    const { paymentIntent } = await paidCheckout(provider, stripe);
    await provider.refund(lookup(null, paymentIntent), 700, { idempotencyKey: 'first' });
    await provider.refund(lookup(null, paymentIntent), 300, { idempotencyKey: 'second' });

    expect(await provider.inspect(lookup(null, paymentIntent))).toMatchObject({ amount: 2450, refunded: 1000 });
  });

  it('finds the PaymentIntent through the checkout when the payment does not know it', async () => {
    const { checkout, paymentIntent } = await paidCheckout(provider, stripe);
    stripe.requests.length = 0;

    expect(await provider.inspect(lookup(checkout.providerRef, null))).toMatchObject({ reference: paymentIntent });
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/checkout/sessions/${checkout.providerRef}`,
      `GET /v1/payment_intents/${paymentIntent}`,
    ]);
  });

  it('answers null for a checkout never paid, an unknown one, an unknown PaymentIntent, or no reference', async () => {
    const open = await provider.createCheckout({ ...CHECKOUT, paymentId: 'pay_unpaid' });
    expect(await provider.inspect(lookup(open.providerRef, null))).toBeNull();
    expect(await provider.inspect(lookup('cs_test_nobodyknows', null))).toBeNull();
    expect(await provider.inspect(lookup(null, 'pi_test_nobodyknows'))).toBeNull();
    stripe.requests.length = 0;
    expect(await provider.inspect(lookup(null, null))).toBeNull();
    expect(stripe.requests).toHaveLength(0);
  });

  it('reports what Stripe has even when it is not what we expect', async () => {
    const { paymentIntent } = await paidCheckout(provider, stripe);
    Object.assign(stripe.paymentIntents.get(paymentIntent) ?? {}, { status: 'processing' });

    expect(await provider.inspect(lookup(null, paymentIntent))).toMatchObject({ status: 'processing', amount: 0 });
  });

  it('fails with a PaymentProviderError, never the key, when Stripe cannot answer', async () => {
    const { paymentIntent } = await paidCheckout(provider, stripe);
    stripe.failNext(500);
    const error = await provider.inspect(lookup(null, paymentIntent)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).httpStatus).toBe(500);
    expect((error as Error).message).not.toContain(FAKE_STRIPE_KEYS.secretKey);
  });
});
