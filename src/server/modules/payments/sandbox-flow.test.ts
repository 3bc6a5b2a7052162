import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification } from '#server/db/schema/notifications.ts';
import { memberReadyForKyc } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { createSandboxPaymentProvider } from '#server/providers/payments/sandbox.ts';
import { createTestApp, testConfig } from '#server/test/app.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import type { Package } from '#shared/packages.ts';
import type { Payment, StartPaymentResponse } from '#shared/payments.ts';
import { WEBHOOK_URL } from './routes.ts';
import {
  balance,
  entriesOf,
  expectMismatchRefused,
  ledgerIsBalanced,
  startPayment,
  verifiedSender,
} from './test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

const refOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;
const card = (cardNumber: string) => ({ cardNumber, expiry: '12/34', cvc: '123', name: 'Sam Sender' });

async function pay(cookie: string, ref: string, cardNumber: string) {
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${ref}/pay`,
    headers: { cookie },
    payload: card(cardNumber),
  });
}

async function packageOf(cookie: string, id: string) {
  return (await app.inject({ url: `/api/packages/${id}`, headers: { cookie } })).json() as Package;
}

describe('paying for a draft with the sandbox checkout', () => {
  it('publishes the package once the signed webhook confirms, with the money in escrow', async () => {
    const sender = await verifiedSender(app, 'payer@example.test');
    const draft = await createDraft(app, sender.cookie);
    const started = await startPayment(app, sender.cookie, draft.id);
    expect(started.statusCode).toBe(200);
    const { payment, url } = started.json() as StartPaymentResponse;
    expect(url).toMatch(/\/pay\/sandbox\/cs_sandbox_/);
    expect(payment).toMatchObject({ status: 'pending', reward: 2500, fee: 250, amount: 2750, currency: 'EUR' });

    // A second click reuses the open checkout.
    const again = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    expect(again.payment.id).toBe(payment.id);
    expect(again.url).toBe(url);

    const checkout = await app.inject({
      url: `/api/payments/sandbox/${refOf(url)}`,
      headers: { cookie: sender.cookie },
    });
    expect(checkout.json()).toMatchObject({ amount: 2750, packageTitle: draft.title, open: true });

    const paid = await pay(sender.cookie, refOf(url), '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ redirectTo: `/user/packages/${draft.id}/payment/callback`, outcome: 'paid' });

    const latest = (
      await app.inject({ url: `/api/packages/${draft.id}/payments/latest`, headers: { cookie: sender.cookie } })
    ).json() as Payment;
    expect(latest).toMatchObject({ id: payment.id, status: 'succeeded' });
    const pkg = await packageOf(sender.cookie, draft.id);
    expect(pkg.status).toBe('open');
    expect(pkg.publishedAt).not.toBeNull();
    expect(pkg.timeline.map((e) => [e.fromStatus, e.toStatus])).toContainEqual(['draft', 'open']);
    expect(await balance(app, 'escrow')).toBe(2750);
    expect(await balance(app, `sender:${sender.id}`)).toBe(-2750);
    expect(await entriesOf(app, payment.id)).toHaveLength(1);
    const notes = await app.database.db.select().from(notification).where(eq(notification.userId, sender.id));
    expect(notes.map((n) => n.type)).toContain('payment_succeeded');

    // Paid is paid: the checkout is closed and the package cannot be paid again.
    const payAgain = await pay(sender.cookie, refOf(url), '4242424242424242');
    expect([payAgain.statusCode, payAgain.json().error.code]).toEqual([409, 'CHECKOUT_CLOSED']);
    const startAgain = await startPayment(app, sender.cookie, draft.id);
    expect([startAgain.statusCode, startAgain.json().error.code]).toEqual([409, 'PACKAGE_ALREADY_PAID']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('keeps a declined card as a failed payment and the package a draft; a retry can pay', async () => {
    const sender = await verifiedSender(app, 'declined@example.test');
    const draft = await createDraft(app, sender.cookie);
    const first = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const declined = await pay(sender.cookie, refOf(first.url), '4000 0000 0000 0002');
    expect(declined.json()).toMatchObject({ outcome: 'declined' });
    const latest = (
      await app.inject({ url: `/api/packages/${draft.id}/payments/latest`, headers: { cookie: sender.cookie } })
    ).json() as Payment;
    expect(latest).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect((await packageOf(sender.cookie, draft.id)).status).toBe('draft');
    expect(await entriesOf(app, first.payment.id)).toHaveLength(0);

    const retry = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    expect(retry.payment.id).not.toBe(first.payment.id);
    await pay(sender.cookie, refOf(retry.url), '4242424242424242');
    expect((await packageOf(sender.cookie, draft.id)).status).toBe('open');
  });

  it('refuses a card that is not a test card, naming the field, and changes nothing', async () => {
    const sender = await verifiedSender(app, 'wrong-card@example.test');
    const draft = await createDraft(app, sender.cookie);
    const { url } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const res = await pay(sender.cookie, refOf(url), '5555 5555 5555 4444');
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields).toHaveProperty('cardNumber');
    expect(
      (await app.inject({ url: `/api/payments/sandbox/${refOf(url)}`, headers: { cookie: sender.cookie } })).json(),
    ).toMatchObject({ open: true });
  });

  it('cancelling the checkout leaves the draft unpaid', async () => {
    const sender = await verifiedSender(app, 'cancel-checkout@example.test');
    const draft = await createDraft(app, sender.cookie);
    const { url } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${refOf(url)}/cancel`,
      headers: { cookie: sender.cookie },
    });
    expect(res.json()).toMatchObject({ outcome: 'cancelled' });
    const latest = (
      await app.inject({ url: `/api/packages/${draft.id}/payments/latest`, headers: { cookie: sender.cookie } })
    ).json() as Payment;
    expect(latest.status).toBe('cancelled');
    expect((await packageOf(sender.cookie, draft.id)).status).toBe('draft');
  });

  it('cancelling an open package refunds it in full, and the ledger shows it', async () => {
    const sender = await verifiedSender(app, 'refund@example.test');
    const draft = await createDraft(app, sender.cookie);
    const { payment, url } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    await pay(sender.cookie, refOf(url), '4242424242424242');
    const escrowBefore = await balance(app, 'escrow');
    const refundsBefore = await balance(app, 'refunds');

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/packages/${draft.id}/cancel`,
      headers: { cookie: sender.cookie },
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const latest = (
      await app.inject({ url: `/api/packages/${draft.id}/payments/latest`, headers: { cookie: sender.cookie } })
    ).json() as Payment;
    expect(latest).toMatchObject({ id: payment.id, status: 'refunded', refundedAmount: 2750 });
    expect(await balance(app, 'escrow')).toBe(escrowBefore - 2750);
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 2750);
    expect((await entriesOf(app, payment.id)).map((e) => e.kind).sort()).toEqual(['payment_received', 'refund']);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/packages/${draft.id}/cancel`,
          headers: { cookie: sender.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});

describe('a checkout paid for another amount or currency', () => {
  // The sandbox signs what it is told to: here, a success for an amount the checkout was not made for.
  const sandbox = createSandboxPaymentProvider(testConfig());

  it.each([
    { case: 'amount', paid: { amount: 2749, currency: 'EUR' as const } },
    { case: 'currency', paid: { amount: 2750, currency: 'GBP' as const } },
  ])('is not booked, is recorded and refunded, whatever the $case', async ({ paid }) => {
    const sender = await verifiedSender(app, `sandbox-mismatch-${paid.currency.toLowerCase()}@example.test`);
    const draft = await createDraft(app, sender.cookie);
    const { payment, url } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const escrowBefore = await balance(app, 'escrow');
    const event = sandbox.eventsFor({
      paymentId: payment.id,
      packageId: draft.id,
      providerRef: refOf(url),
      ...paid,
      outcome: 'paid',
    });
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_URL,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.body,
    });
    expect(res.statusCode).toBe(200);
    await expectMismatchRefused(app, {
      paymentId: payment.id,
      packageId: draft.id,
      senderCookie: sender.cookie,
      escrowBefore,
      paid,
    });
    // The draft can still be paid, for the right amount.
    const retry = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    expect(retry.payment).toMatchObject({ status: 'pending', amount: 2750 });
    expect(retry.payment.id).not.toBe(payment.id);
  });
});

describe('who may pay', () => {
  it('needs a verified profile to publish', async () => {
    const member = await memberReadyForKyc(app, 'not-verified@example.test');
    const draft = await createDraft(app, member.cookie);
    const res = await startPayment(app, member.cookie, draft.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PROFILE_NOT_VERIFIED');
  });

  it('needs a finished draft, naming what is missing', async () => {
    const sender = await verifiedSender(app, 'unfinished@example.test');
    const draft = await createDraft(app, sender.cookie, { title: 'Only a title so far' });
    const res = await startPayment(app, sender.cookie, draft.id);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(res.json()).error.fields ?? {})).toEqual(
      expect.arrayContaining(['reward', 'pickup']),
    );
  });

  it("is nobody else's: other members get 404, visitors 401", async () => {
    const sender = await verifiedSender(app, 'owner-pay@example.test');
    const other = await verifiedSender(app, 'other-pay@example.test');
    const draft = await createDraft(app, sender.cookie);
    expect((await startPayment(app, other.cookie, draft.id)).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/packages/${draft.id}/payments` })).statusCode).toBe(401);
    const { url } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    expect(
      (await app.inject({ url: `/api/payments/sandbox/${refOf(url)}`, headers: { cookie: other.cookie } })).statusCode,
    ).toBe(404);
    expect((await pay(other.cookie, refOf(url), '4242424242424242')).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/api/packages/${draft.id}/payments/latest`, headers: { cookie: other.cookie } }))
        .statusCode,
    ).toBe(404);
  });
});
