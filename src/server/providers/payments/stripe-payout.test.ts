import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError, type PayoutTransfer } from './payment-provider.ts';
import { createStripePaymentProvider, payoutIdempotencyKey } from './stripe.ts';
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from './test/fake-stripe.ts';

// Payouts to a traveler's Stripe Connect account (ADR 0026): one Transfer from the platform's balance,
// keyed by our payout's id, against the local stand-in for Stripe's API.

const { secretKey: SECRET_KEY } = FAKE_STRIPE_KEYS;

async function failure(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe('Stripe provider: payout', () => {
  let stripe: FakeStripe;
  let provider: ReturnType<typeof createStripePaymentProvider>;
  let account: string;
  const transfer = (input: Partial<PayoutTransfer> = {}): PayoutTransfer => ({
    payoutId: '5f0c6b1e-6d2a-4c43-9d0e-2a7b9c1f4e11',
    amount: 3550,
    currency: 'EUR',
    destination: account,
    ...input,
  });

  beforeAll(async () => {
    stripe = await startFakeStripe(FAKE_STRIPE_KEYS);
    provider = createStripePaymentProvider({ ...FAKE_STRIPE_KEYS, apiBase: stripe.url });
    account = stripe.connectAccount();
  });
  afterAll(async () => {
    await stripe.close();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
  });

  it('transfers the amount to the connected account, with our payout id as metadata and key', async () => {
    const result = await provider.payout(transfer());
    expect(result).toEqual({ providerTransferRef: expect.stringMatching(/^tr_test_/) });
    expect(stripe.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/transfers',
        body: {
          amount: '3550',
          currency: 'eur',
          destination: account,
          metadata: { payoutId: '5f0c6b1e-6d2a-4c43-9d0e-2a7b9c1f4e11' },
        },
        headers: expect.objectContaining({
          authorization: `Bearer ${SECRET_KEY}`,
          'idempotency-key': 'tagalong-payout-5f0c6b1e-6d2a-4c43-9d0e-2a7b9c1f4e11',
        }),
      }),
    ]);
    expect(stripe.transfers.get(result.providerTransferRef)).toMatchObject({
      amount: 3550,
      currency: 'eur',
      destination: account,
    });
  });

  it('is one transfer however often the same payout is sent, even when the first answer is lost', async () => {
    const payoutId = 'a1b2c3d4-0000-4000-8000-000000000042';
    const before = stripe.transfers.size;
    stripe.failNext(500);
    const first = await provider.payout(transfer({ payoutId }));
    const again = await provider.payout(transfer({ payoutId }));
    expect(again).toEqual(first);
    expect(stripe.transfers.size).toBe(before + 1);
    expect(new Set(stripe.requests.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([payoutIdempotencyKey(payoutId)]),
    );
  });

  it("passes on Stripe's refusals: an account not connected to us, a platform balance too low", async () => {
    const notOurs = await failure(
      provider.payout(transfer({ payoutId: 'p-unknown', destination: 'acct_1NotConnected' })),
    );
    expect(notOurs.httpStatus).toBe(400);
    expect(notOurs.message).toMatch(
      /^Stripe could not transfer the payout \(HTTP 400\) \[resource_missing\]: No such destination: 'acct_1NotConnected'/,
    );

    stripe.failNext(400, {
      error: {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: 'You have insufficient available funds in your Stripe account.',
      },
    });
    const broke = await failure(provider.payout(transfer({ payoutId: 'p-broke' })));
    expect(broke.message).toContain('[balance_insufficient]: You have insufficient available funds');
    expect(broke.message).not.toContain(SECRET_KEY.slice(-4));
  });

  it.each([0, -100, 12.5])('refuses to transfer %s without asking Stripe', async (amount) => {
    await failure(provider.payout(transfer({ amount })));
    expect(stripe.requests).toEqual([]);
  });
});
