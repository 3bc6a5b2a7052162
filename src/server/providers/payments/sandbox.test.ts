import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPaymentProvider } from './create.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { createSandboxPaymentProvider, type SandboxCheckoutResult, sandboxWebhookSecret } from './sandbox.ts';
import { createStripePaymentProvider } from './stripe.ts';
import { STRIPE_SIGNATURE_HEADER } from './stripe-webhook.ts';
import { FAKE_STRIPE_KEYS, signedStripeEvent, stripeEvent } from './test/fake-stripe.ts';

const BASE_URL = 'http://localhost:3000';
const AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789';
const BAD_SIGNATURE = { ok: false, status: 400, reason: 'missing or invalid stripe-signature' };

const sandbox = createSandboxPaymentProvider({ baseUrl: BASE_URL, authSecret: AUTH_SECRET });

async function result(outcome: SandboxCheckoutResult['outcome']): Promise<SandboxCheckoutResult> {
  const { providerRef } = await sandbox.createCheckout({
    paymentId: 'pay_1',
    packageId: 'pkg_1',
    packageTitle: 'Books',
    amount: 2450,
    currency: 'EUR',
    customerEmail: 'ada@example.com',
    successUrl: `${BASE_URL}/user/packages/pkg_1/payment/callback`,
    cancelUrl: `${BASE_URL}/user/packages/pkg_1/payment`,
  });
  return { paymentId: 'pay_1', packageId: 'pkg_1', providerRef, amount: 2450, currency: 'EUR', outcome };
}

function deliver(provider: { parseWebhook: typeof sandbox.parseWebhook }, signed: { body: string; signature: string }) {
  return provider.parseWebhook(Buffer.from(signed.body), { [STRIPE_SIGNATURE_HEADER]: signed.signature });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Sandbox payment provider', () => {
  it('sends the payer to our own checkout page, one unguessable reference per checkout', async () => {
    const first = await result('paid');
    const second = await result('paid');
    expect(sandbox.kind).toBe('sandbox');
    expect(first.providerRef).toMatch(/^cs_sandbox_[A-Za-z0-9_-]{24}$/);
    expect(second.providerRef).not.toBe(first.providerRef);
    const checkout = await sandbox.createCheckout({
      paymentId: 'pay_2',
      packageId: 'pkg_2',
      packageTitle: 'Shoes',
      amount: 100,
      currency: 'USD',
      customerEmail: 'ada@example.com',
      successUrl: `${BASE_URL}/ok`,
      cancelUrl: `${BASE_URL}/cancel`,
    });
    expect(checkout.url).toBe(`${BASE_URL}/pay/sandbox/${checkout.providerRef}`);
  });

  it('signs a paid checkout that its own webhook reads as succeeded', async () => {
    const paid = await result('paid');
    const signed = sandbox.eventsFor(paid);
    expect(JSON.parse(signed.body)).toMatchObject({
      id: expect.stringMatching(/^evt_sandbox_/),
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: paid.providerRef, object: 'checkout.session', payment_status: 'paid', currency: 'eur' } },
    });
    expect(deliver(sandbox, signed)).toEqual({
      ok: true,
      event: {
        eventId: JSON.parse(signed.body).id,
        type: 'checkout.session.completed',
        kind: 'succeeded',
        paymentId: 'pay_1',
        providerRef: paid.providerRef,
        amount: 2450,
        currency: 'EUR',
        providerPaymentRef: expect.stringMatching(/^pi_sandbox_/),
      },
    });
  });

  it('signs a declined card as a failed payment saying the card was declined', async () => {
    const declined = await result('declined');
    expect(deliver(sandbox, sandbox.eventsFor(declined))).toEqual({
      ok: true,
      event: {
        eventId: expect.stringMatching(/^evt_sandbox_/),
        type: 'checkout.session.async_payment_failed',
        kind: 'failed',
        paymentId: 'pay_1',
        providerRef: declined.providerRef,
        reason: 'Your card was declined.',
      },
    });
  });

  it('signs a cancelled checkout as cancelled', async () => {
    const cancelled = await result('cancelled');
    expect(deliver(sandbox, sandbox.eventsFor(cancelled))).toMatchObject({
      ok: true,
      event: { type: 'checkout.session.expired', kind: 'cancelled', paymentId: 'pay_1' },
    });
  });

  it('gives every event its own id, so a redelivery is told apart from a new event', async () => {
    const paid = await result('paid');
    const ids = new Set(Array.from({ length: 20 }, () => JSON.parse(sandbox.eventsFor(paid).body).id));
    expect(ids.size).toBe(20);
  });

  it('is refused by a sandbox with another auth secret, and by Stripe', async () => {
    const signed = sandbox.eventsFor(await result('paid'));
    const other = createSandboxPaymentProvider({ baseUrl: BASE_URL, authSecret: `${AUTH_SECRET}x` });
    expect(deliver(other, signed)).toEqual(BAD_SIGNATURE);
    const stripe = createStripePaymentProvider({ ...FAKE_STRIPE_KEYS, apiBase: 'http://127.0.0.1:9' });
    expect(deliver(stripe, signed)).toEqual(BAD_SIGNATURE);
  });

  it("refuses Stripe's events, which are signed with Stripe's secret", () => {
    const event = stripeEvent('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 100,
      currency: 'eur',
      metadata: { payment_id: 'pay_1' },
    });
    const { body, headers } = signedStripeEvent(event, FAKE_STRIPE_KEYS.webhookSecret);
    expect(sandbox.parseWebhook(Buffer.from(body), headers)).toEqual(BAD_SIGNATURE);
    // The same event signed with the sandbox's secret is read: one code path for both.
    const local = signedStripeEvent(event, sandboxWebhookSecret(AUTH_SECRET));
    expect(sandbox.parseWebhook(Buffer.from(local.body), local.headers)).toMatchObject({ ok: true });
  });

  it('refuses its own event once changed, or delivered more than 300 seconds after signing', async () => {
    const paid = await result('paid');
    const signed = sandbox.eventsFor(paid);
    const tampered = { ...signed, body: signed.body.replace('"amount_total":2450', '"amount_total":1') };
    expect(tampered.body).not.toBe(signed.body);
    expect(deliver(sandbox, tampered)).toEqual(BAD_SIGNATURE);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 301_000);
    const old = sandbox.eventsFor(paid);
    vi.useRealTimers();
    expect(deliver(sandbox, old)).toEqual(BAD_SIGNATURE);
  });

  it('derives a whsec_ secret from the auth secret, different for every auth secret', () => {
    expect(sandboxWebhookSecret(AUTH_SECRET)).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(sandboxWebhookSecret(AUTH_SECRET)).toBe(sandboxWebhookSecret(AUTH_SECRET));
    expect(sandboxWebhookSecret(`${AUTH_SECRET}x`)).not.toBe(sandboxWebhookSecret(AUTH_SECRET));
  });

  it('refunds without any network, answering a retried key with the same refund', async () => {
    const payment = { providerRef: 'cs_sandbox_x', providerPaymentRef: 'pi_sandbox_x', currency: 'EUR' as const };
    const refund = await sandbox.refund(payment, 1200);
    expect(refund).toEqual({ providerRefundRef: expect.stringMatching(/^re_sandbox_/), amount: 1200 });
    expect((await sandbox.refund(payment, 1200)).providerRefundRef).not.toBe(refund.providerRefundRef);
    const keyed = await sandbox.refund(payment, 500, { idempotencyKey: 'refund_r1' });
    expect(await sandbox.refund(payment, 500, { idempotencyKey: 'refund_r1' })).toEqual(keyed);
    await expect(sandbox.refund(payment, 0)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(sandbox.refund(payment, 1.5)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('createPaymentProvider', () => {
  it('is the sandbox unless Stripe is configured', () => {
    expect(createPaymentProvider({ baseUrl: BASE_URL, authSecret: AUTH_SECRET }).kind).toBe('sandbox');
    const stripe = createPaymentProvider({ baseUrl: BASE_URL, authSecret: AUTH_SECRET, stripe: FAKE_STRIPE_KEYS });
    expect(stripe.kind).toBe('stripe');
  });

  it('can pay travelers out only through Stripe: the sandbox has no transfers (ADR 0026)', () => {
    expect(createPaymentProvider({ baseUrl: BASE_URL, authSecret: AUTH_SECRET }).payout).toBeUndefined();
    const stripe = createPaymentProvider({ baseUrl: BASE_URL, authSecret: AUTH_SECRET, stripe: FAKE_STRIPE_KEYS });
    expect(stripe.payout).toBeTypeOf('function');
  });
});

describe('Sandbox payment provider: inspect', () => {
  const lookup = (providerRef: string | null, providerPaymentRef: string | null = null) => ({
    providerRef,
    providerPaymentRef,
    currency: 'EUR' as const,
  });
  const intentOf = (signed: { body: string }) =>
    (JSON.parse(signed.body) as { data: { object: { payment_intent: string | { id: string } | null } } }).data.object
      .payment_intent;

  it('holds nothing for a checkout still open or left, nor for one it never opened', async () => {
    const open = await result('paid');
    expect(await sandbox.inspect(lookup(open.providerRef))).toBeNull();
    const left = await result('cancelled');
    sandbox.eventsFor(left);
    expect(await sandbox.inspect(lookup(left.providerRef))).toBeNull();
    expect(await sandbox.inspect(lookup('cs_sandbox_neveropenedhere', 'pi_sandbox_neither'))).toBeNull();
    expect(await sandbox.inspect(lookup(null))).toBeNull();
  });

  it('holds what it signed as paid, found by the checkout or by the payment, and what it refunded', async () => {
    const paid = await result('paid');
    const intent = intentOf(sandbox.eventsFor(paid)) as string;
    expect(await sandbox.inspect(lookup(paid.providerRef))).toEqual({
      reference: intent,
      status: 'succeeded',
      amount: 2450,
      currency: 'EUR',
      refunded: 0,
    });

    await sandbox.refund(lookup(paid.providerRef, intent), 400, { idempotencyKey: 'a' });
    // A retry of the same refund is the same refund, as at Stripe.
    await sandbox.refund(lookup(paid.providerRef, intent), 400, { idempotencyKey: 'a' });
    await sandbox.refund(lookup(null, intent), 100);
    expect(await sandbox.inspect(lookup(null, intent))).toMatchObject({ amount: 2450, refunded: 500 });
  });

  it('holds the amount and currency the payer’s result carried, not the checkout’s', async () => {
    const paid = await result('paid');
    sandbox.eventsFor({ ...paid, amount: 2449, currency: 'GBP' });
    expect(await sandbox.inspect(lookup(paid.providerRef))).toMatchObject({ amount: 2449, currency: 'GBP' });
  });

  it('received nothing for a declined card', async () => {
    const declined = await result('declined');
    const intent = intentOf(sandbox.eventsFor(declined)) as { id: string };
    expect(await sandbox.inspect(lookup(declined.providerRef))).toEqual({
      reference: intent.id,
      status: 'requires_payment_method',
      amount: 0,
      currency: 'EUR',
      refunded: 0,
    });
  });

  it('knows only its own checkouts: another sandbox (a restarted server) has no record of them', async () => {
    const paid = await result('paid');
    sandbox.eventsFor(paid);
    const restarted = createSandboxPaymentProvider({ baseUrl: BASE_URL, authSecret: AUTH_SECRET });
    expect(await restarted.inspect(lookup(paid.providerRef))).toBeNull();
  });
});
