import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { payments } from '#server/db/schema/payments.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { WEBHOOK_URL } from '#server/modules/payments/routes.ts';
import { payOnSandbox, startPayment, verifiedSender } from '#server/modules/payments/test/helpers.ts';
import {
  FAKE_STRIPE_KEYS,
  type FakeStripe,
  signedStripeEvent,
  startFakeStripe,
} from '#server/providers/payments/test/fake-stripe.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminReconciliation } from '#shared/admin-money.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { type BookedPayment, reconciliationDifferencesOf } from './reconciliation.ts';

// The back office's reconciliation of a payment with its provider: what we booked beside what Stripe
// (a local fake) holds, the differences named, admins only, and a provider outage a 503.

describe('reconciliationDifferencesOf', () => {
  const booked = (over: Partial<BookedPayment> = {}): BookedPayment => ({
    amount: 2750,
    currency: 'EUR',
    refunded: 0,
    status: 'succeeded',
    ...over,
  });
  const held = (over: Partial<NonNullable<Parameters<typeof reconciliationDifferencesOf>[1]>> = {}) => ({
    reference: 'pi_1',
    status: 'succeeded',
    amount: 2750,
    currency: 'EUR',
    refunded: 0,
    ...over,
  });

  it('finds none when both sides agree, refunds included', () => {
    expect(reconciliationDifferencesOf(booked(), held())).toEqual([]);
    expect(
      reconciliationDifferencesOf(
        booked({ status: 'partially_refunded', refunded: 700 }),
        held({ refunded: 700, currency: 'eur' }),
      ),
    ).toEqual([]);
    expect(
      reconciliationDifferencesOf(booked({ status: 'refunded', refunded: 2750 }), held({ refunded: 2750 })),
    ).toEqual([]);
  });

  it('names each money line that differs', () => {
    expect(reconciliationDifferencesOf(booked(), held({ amount: 2749 }))).toEqual(['amount']);
    expect(reconciliationDifferencesOf(booked(), held({ currency: 'GBP' }))).toEqual(['currency']);
    expect(reconciliationDifferencesOf(booked({ refunded: 500 }), held())).toEqual(['refunded']);
    expect(reconciliationDifferencesOf(booked(), held({ amount: 1, currency: 'USD', refunded: 1 }))).toEqual([
      'amount',
      'currency',
      'refunded',
    ]);
  });

  it('names a status the provider does not share: paid here and not there, or the other way round', () => {
    expect(reconciliationDifferencesOf(booked(), held({ status: 'processing', amount: 0 }))).toEqual([
      'amount',
      'status',
    ]);
    expect(reconciliationDifferencesOf(booked({ status: 'pending' }), held())).toEqual(['status']);
    expect(reconciliationDifferencesOf(booked({ status: 'failed' }), held())).toEqual(['status']);
  });

  it('finds nothing wrong with a payment that never went through and holds nothing', () => {
    expect(reconciliationDifferencesOf(booked({ status: 'pending' }), null)).toEqual([]);
    expect(reconciliationDifferencesOf(booked({ status: 'cancelled' }), null)).toEqual([]);
    // A declined card: the provider has a PaymentIntent that received nothing, as booked.
    expect(
      reconciliationDifferencesOf(booked({ status: 'failed' }), held({ status: 'requires_payment_method', amount: 0 })),
    ).toEqual([]);
  });

  it('says a payment booked as paid is missing at the provider', () => {
    for (const status of ['succeeded', 'partially_refunded', 'refunded', 'amount_mismatch'] as const) {
      expect(reconciliationDifferencesOf(booked({ status }), null)).toEqual(['missing_at_provider']);
    }
  });
});

describe('GET /api/admin/payments/:id/reconciliation with Stripe', () => {
  let stripe: FakeStripe;
  let app: FastifyInstance;
  let admin: { cookie: string; id: string };
  beforeAll(async () => {
    stripe = await startFakeStripe();
    app = await createTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiBase: stripe.url } });
    await app.ready();
    admin = await signUpVerified(app, 'reconcile-admin@example.test', 'Alex Admin');
    await makeAdmin(app, admin.id);
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });

  async function started(email: string) {
    const sender = await verifiedSender(app, email);
    const draft = await createDraft(app, sender.cookie);
    const { payment } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const session = [...stripe.sessions.values()].find(
      (s) => (s.metadata as { payment_id?: string }).payment_id === payment.id,
    );
    return { sender, payment, sessionId: session?.id as string };
  }

  async function paid(email: string) {
    const { sender, payment, sessionId } = await started(email);
    const event = stripe.completeSession(sessionId);
    const signed = signedStripeEvent(event, FAKE_STRIPE_KEYS.webhookSecret);
    const res = await app.inject({ method: 'POST', url: WEBHOOK_URL, headers: signed.headers, payload: signed.body });
    expect(res.statusCode).toBe(200);
    const intent = (event.data as { object: { payment_intent: string } }).object.payment_intent;
    return { sender, payment, intent };
  }

  /** As the admin, unless another member's cookie (or null: a visitor) is given. */
  const reconcile = (paymentId: string, cookie: string | null = admin.cookie) =>
    app.inject({
      url: `/api/admin/payments/${paymentId}/reconciliation`,
      headers: cookie ? { cookie } : {},
    });

  it('matches a payment that went through, and audits nothing', async () => {
    const { payment, intent } = await paid('reconcile-match@example.test');
    const res = await reconcile(payment.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminReconciliation;
    expect(body).toEqual({
      paymentId: payment.id,
      provider: 'stripe',
      booked: { amount: payment.amount, currency: 'EUR', refunded: 0, status: 'succeeded' },
      atProvider: { reference: intent, status: 'succeeded', amount: payment.amount, currency: 'EUR', refunded: 0 },
      checkedAt: expect.any(String),
      differences: [],
    });
    expect(Date.now() - Date.parse(body.checkedAt)).toBeLessThan(60_000);
    expect(await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, payment.id))).toEqual([]);
  });

  it('still matches after an admin refund went through Stripe', async () => {
    const { payment } = await paid('reconcile-refund@example.test');
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refund`,
      headers: { cookie: admin.cookie },
      payload: { amount: 700, note: 'Refund agreed with the sender' },
    });
    expect(refund.statusCode).toBe(200);
    const body = (await reconcile(payment.id)).json() as AdminReconciliation;
    expect(body.booked).toMatchObject({ refunded: 700, status: 'partially_refunded' });
    expect(body.atProvider).toMatchObject({ refunded: 700 });
    expect(body.differences).toEqual([]);
  });

  it('names what differs when our books and Stripe disagree', async () => {
    const { payment, intent } = await paid('reconcile-differ@example.test');
    await app.database.db
      .update(payments)
      .set({ amount: payment.amount + 1, refundedAmount: 300 })
      .where(eq(payments.id, payment.id));
    expect(((await reconcile(payment.id)).json() as AdminReconciliation).differences).toEqual(['amount', 'refunded']);

    // A refund made in Stripe's dashboard, which our books never heard of.
    await app.database.db
      .update(payments)
      .set({ amount: payment.amount, refundedAmount: 0 })
      .where(eq(payments.id, payment.id));
    const intentAtStripe = stripe.paymentIntents.get(intent);
    if (intentAtStripe) intentAtStripe.refunded = 500;
    const body = (await reconcile(payment.id)).json() as AdminReconciliation;
    expect(body.atProvider).toMatchObject({ refunded: 500 });
    expect(body.differences).toEqual(['refunded']);
  });

  it('finds a payment we still call pending that Stripe took, and one we call paid that Stripe never had', async () => {
    const { payment, sessionId } = await started('reconcile-pending@example.test');
    const pending = (await reconcile(payment.id)).json() as AdminReconciliation;
    expect(pending).toMatchObject({ booked: { status: 'pending' }, atProvider: null, differences: [] });

    // Paid at Stripe, the webhook not (yet) arrived.
    stripe.completeSession(sessionId);
    const missed = (await reconcile(payment.id)).json() as AdminReconciliation;
    expect(missed.atProvider).toMatchObject({ status: 'succeeded', amount: payment.amount });
    expect(missed.differences).toEqual(['status']);

    const other = await paid('reconcile-missing@example.test');
    await app.database.db
      .update(payments)
      .set({ providerPaymentRef: 'pi_test_unknown' })
      .where(eq(payments.id, other.payment.id));
    const missing = (await reconcile(other.payment.id)).json() as AdminReconciliation;
    expect(missing).toMatchObject({ atProvider: null, differences: ['missing_at_provider'] });
  });

  it('answers 503 when Stripe does not answer', async () => {
    const { payment } = await paid('reconcile-down@example.test');
    // The first try and the SDK's two retries.
    for (let i = 0; i < 3; i++) stripe.failNext(500);
    const res = await reconcile(payment.id);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(res.body).not.toContain(FAKE_STRIPE_KEYS.secretKey);
  });

  it('answers 409 for a payment made with the other provider', async () => {
    const { payment } = await paid('reconcile-sandbox-made@example.test');
    await app.database.db.update(payments).set({ provider: 'sandbox' }).where(eq(payments.id, payment.id));
    const res = await reconcile(payment.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PAYMENT_OTHER_PROVIDER');
  });

  it('answers 404 for an unknown payment, 400 for a malformed id', async () => {
    const res = await reconcile('00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PAYMENT_NOT_FOUND');
    expect((await reconcile('42')).statusCode).toBe(400);
  });

  it('is for admins only: 401 for a visitor, 403 for a member', async () => {
    const { payment, sender } = await paid('reconcile-who@example.test');
    expect((await reconcile(payment.id, null)).statusCode).toBe(401);
    const res = await reconcile(payment.id, sender.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ADMIN_ONLY');
  });
});

describe('GET /api/admin/payments/:id/reconciliation with the sandbox', () => {
  let app: FastifyInstance;
  let admin: { cookie: string; id: string };
  beforeAll(async () => {
    app = await createTestApp();
    await app.ready();
    admin = await signUpVerified(app, 'reconcile-sandbox-admin@example.test', 'Alex Admin');
    await makeAdmin(app, admin.id);
  });
  afterAll(() => app.close());

  it('matches a payment made on the sandbox page with what the sandbox signed', async () => {
    const sender = await verifiedSender(app, 'reconcile-sandbox@example.test');
    const draft = await createDraft(app, sender.cookie);
    const { payment, url } = (await startPayment(app, sender.cookie, draft.id)).json() as StartPaymentResponse;
    const pay = await payOnSandbox(app, sender.cookie, url);
    expect(pay.statusCode).toBe(200);
    const res = await app.inject({
      url: `/api/admin/payments/${payment.id}/reconciliation`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'sandbox',
      booked: { amount: payment.amount, status: 'succeeded', refunded: 0 },
      atProvider: { reference: expect.stringMatching(/^pi_sandbox_/), status: 'succeeded', amount: payment.amount },
      differences: [],
    });
  });
});
