import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { ledgerEntries, payouts } from '#server/db/schema/payments.ts';
import { earn, IBANS, verifiedMember } from '#server/modules/balances/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { balanceOf } from '#server/modules/ledger/ledger.ts';
import { accounts } from '#server/modules/ledger/movements.ts';
import { FAKE_STRIPE_KEYS, type FakeStripe, startFakeStripe } from '#server/providers/payments/test/fake-stripe.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { Balance, BalanceTransactionPage } from '#shared/balances.ts';
import type { AdminPayout, Payout } from '#shared/payouts.ts';

// Payouts to a Stripe Connect account (ADR 0026), on a server with Stripe configured (a local fake
// of Stripe's API): the traveler asks with their `acct_…`; an admin's "mark sent" is the transfer.

let stripe: FakeStripe;
let app: FastifyInstance;
let admin: { cookie: string; id: string };
let senderId: string;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await createTestApp({ stripe: { ...FAKE_STRIPE_KEYS, apiBase: stripe.url } });
  await app.ready();
  admin = await signUpVerified(app, 'connect-admin@example.test', 'Alex Admin');
  await makeAdmin(app, admin.id);
  senderId = (await signUpVerified(app, 'connect-sender@example.test', 'Sandra Sender')).id;
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.requests.length = 0;
});

const call = (url: string, cookie: string | undefined, payload?: unknown) =>
  app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const markSent = (payoutId: string, cookie = admin.cookie, body: unknown = {}) =>
  call(`/api/admin/payouts/${payoutId}/mark-sent`, cookie, body);

async function travelerWith(email: string, reward = 5000) {
  const traveler = await verifiedMember(app, email);
  await earn(app, { senderId, travelerId: traveler.id, reward });
  return traveler;
}

/** A traveler with €50.00 earned who asked for `amount` to a Stripe account connected to the platform. */
async function connectPayout(email: string, amount = 2000) {
  const traveler = await travelerWith(email);
  const account = stripe.connectAccount();
  const res = await call('/api/payouts', traveler.cookie, {
    method: 'stripe_connect',
    amount,
    stripeAccountId: account,
  });
  expect(res.statusCode).toBe(201);
  return { traveler, account, payout: res.json() as Payout };
}

const rowOf = async (id: string) => (await app.database.db.select().from(payouts).where(eq(payouts.id, id)))[0];
const auditOf = (id: string) => app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
const toldOf = (userId: string) =>
  app.database.db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.type, 'payout_sent')));
const transferCalls = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/transfers');
const transfersOf = (payoutId: string) =>
  [...stripe.transfers.values()].filter((t) => (t.metadata as { payoutId?: string }).payoutId === payoutId);

describe('asking for a payout to a Stripe account', () => {
  it('takes the account id instead of bank details, and the amount out of the balance at once', async () => {
    const { traveler, account, payout } = await connectPayout('connect-ask@example.test', 3000);
    expect(payout).toMatchObject({
      amount: 3000,
      currency: 'EUR',
      status: 'requested',
      method: 'stripe_connect',
      stripeAccountId: account,
      bankLast4: null,
      sentAt: null,
    });
    expect(await rowOf(payout.id)).toMatchObject({
      method: 'stripe_connect',
      stripeAccountId: account,
      bankDetailsEncrypted: null,
      bankLast4: null,
      providerRef: null,
    });
    expect(await balanceOf(app.database.db, accounts.traveler(traveler.id), 'EUR')).toBe(2000);
    const [entry] = await app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id));
    expect(entry).toMatchObject({ kind: 'payout', createdBy: traveler.id });
    // Asking moves no money at Stripe: that is the admin's "mark sent".
    expect(transferCalls()).toEqual([]);

    const history = (await call('/api/balance/transactions', traveler.cookie)).json() as BalanceTransactionPage;
    expect(history.items[0]?.payout).toEqual({
      id: payout.id,
      status: 'requested',
      method: 'stripe_connect',
      bankLast4: null,
      stripeAccountId: account,
    });
  });

  it('still takes bank details, with or without a method', async () => {
    const traveler = await travelerWith('connect-bank@example.test');
    const bankDetails = { accountHolder: 'Tara Traveler', iban: IBANS.de };
    for (const body of [
      { amount: 1000, bankDetails },
      { method: 'bank', amount: 1000, bankDetails },
    ]) {
      const res = await call('/api/payouts', traveler.cookie, body);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ method: 'bank', bankLast4: '3000', stripeAccountId: null });
    }
  });

  const base = { method: 'stripe_connect', amount: 1000 };
  const badInputs: [string, Record<string, unknown>, Record<string, string[]>][] = [
    ['no account id', base, { stripeAccountId: ['Enter your Stripe account id'] }],
    ['an empty one', { ...base, stripeAccountId: '   ' }, { stripeAccountId: ['Enter your Stripe account id'] }],
    [
      'a customer id',
      { ...base, stripeAccountId: 'cus_9s6XKzkNRiz8i3' },
      {
        stripeAccountId: [
          'A Stripe account id starts with acct_ and then letters and digits, e.g. acct_1032D82eZvKYlo2C',
        ],
      },
    ],
    [
      'a bare prefix',
      { ...base, stripeAccountId: 'acct_' },
      {
        stripeAccountId: [
          'A Stripe account id starts with acct_ and then letters and digits, e.g. acct_1032D82eZvKYlo2C',
        ],
      },
    ],
    [
      'other characters',
      { ...base, stripeAccountId: 'acct_12 34; drop' },
      {
        stripeAccountId: [
          'A Stripe account id starts with acct_ and then letters and digits, e.g. acct_1032D82eZvKYlo2C',
        ],
      },
    ],
    [
      'a very long one',
      { ...base, stripeAccountId: `acct_${'a'.repeat(60)}` },
      { stripeAccountId: ['A Stripe account id has at most 64 characters'] },
    ],
    ['a number', { ...base, stripeAccountId: 42 }, { stripeAccountId: ['Enter your Stripe account id'] }],
    [
      'an unknown method',
      { ...base, method: 'paypal', stripeAccountId: 'acct_1' },
      { method: ['Choose bank or stripe_connect'] },
    ],
    [
      'bank details instead of the account',
      { ...base, bankDetails: { accountHolder: 'Tara Traveler', iban: IBANS.de } },
      { stripeAccountId: ['Enter your Stripe account id'] },
    ],
  ];
  it.each(badInputs)('refuses %s: 400 naming the field, nothing written', async (_name, body, fields) => {
    const traveler = await travelerWith(`connect-bad-${Math.random().toString(36).slice(2)}@example.test`);
    const res = await call('/api/payouts', traveler.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await app.database.db.select().from(payouts).where(eq(payouts.travelerId, traveler.id))).toEqual([]);
    expect(await balanceOf(app.database.db, accounts.traveler(traveler.id), 'EUR')).toBe(5000);
  });
});

describe('marking a payout to a Stripe account sent', () => {
  it('makes exactly one transfer of the amount to the account, and keeps its id as the reference', async () => {
    const { traveler, account, payout } = await connectPayout('connect-send@example.test', 2000);
    const res = await markSent(payout.id, admin.cookie, { note: 'Weekly payouts', reference: 'ignored' });
    expect(res.statusCode).toBe(200);

    expect(transferCalls()).toHaveLength(1);
    expect(transferCalls()[0]?.body).toEqual({
      amount: '2000',
      currency: 'eur',
      destination: account,
      metadata: { payoutId: payout.id },
    });
    expect(transferCalls()[0]?.headers['idempotency-key']).toBe(`tagalong-payout-${payout.id}`);
    const [transfer] = transfersOf(payout.id);
    expect(transfer).toMatchObject({ amount: 2000, currency: 'eur', destination: account });

    const sent = res.json() as AdminPayout;
    expect(sent).toMatchObject({
      status: 'sent',
      method: 'stripe_connect',
      stripeAccountId: account,
      reference: transfer?.id,
      sentBy: { id: admin.id, name: 'Alex Admin' },
    });
    expect(await rowOf(payout.id)).toMatchObject({ status: 'sent', providerRef: transfer?.id, sentBy: admin.id });
    expect(await auditOf(payout.id)).toMatchObject([
      {
        action: 'payout.mark_sent',
        actorId: admin.id,
        reason: 'Weekly payouts',
        after: { status: 'sent', reference: transfer?.id },
        data: { method: 'stripe_connect', destination: account, amount: 2000 },
      },
    ]);
    const [told] = await toldOf(traveler.id);
    expect(told?.body).toBe(
      `€20.00 was transferred to your Stripe account ${account}. Stripe pays it out to your bank on your account’s payout schedule.`,
    );
    const balance = (await call('/api/balance', traveler.cookie)).json() as Balance;
    expect(balance.currencies[0]).toMatchObject({ available: 3000, requested: 0, paidOut: 2000 });

    // Sent is sent: a second click transfers nothing more.
    expect((await markSent(payout.id)).statusCode).toBe(409);
    expect(transferCalls()).toHaveLength(1);
  });

  it('makes one transfer when two admins click at the same time', async () => {
    const { payout } = await connectPayout('connect-race@example.test', 1500);
    const other = await signUpVerified(app, 'connect-admin-2@example.test', 'Ada Admin');
    await makeAdmin(app, other.id);
    const results = await Promise.all([admin, other].map((a) => markSent(payout.id, a.cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(transfersOf(payout.id)).toHaveLength(1);
    expect(transferCalls()).toHaveLength(1);
    expect((await auditOf(payout.id)).filter((a) => a.action === 'payout.mark_sent')).toHaveLength(1);
  });

  it('leaves it requested when Stripe refuses, and writes nothing; a later try carries the same key', async () => {
    const { traveler, account, payout } = await connectPayout('connect-refused@example.test', 2500);
    stripe.failNext(400, {
      error: {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: 'You have insufficient available funds in your Stripe account.',
      },
    });
    const refused = await markSent(payout.id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('TRANSFER_FAILED');
    // Stripe's own words reach the admin as a param, never the key.
    expect(refused.json().error.params).toEqual({
      destination: account,
      reason: expect.stringMatching(/\[balance_insufficient\]: You have insufficient available funds/),
    });
    expect(JSON.stringify(refused.json())).not.toContain(FAKE_STRIPE_KEYS.secretKey.slice(-4));
    expect(await rowOf(payout.id)).toMatchObject({
      status: 'requested',
      providerRef: null,
      sentAt: null,
      sentBy: null,
    });
    expect(await auditOf(payout.id)).toEqual([]);
    expect(await toldOf(traveler.id)).toEqual([]);
    expect(transfersOf(payout.id)).toEqual([]);
    const balance = (await call('/api/balance', traveler.cookie)).json() as Balance;
    expect(balance.currencies[0]).toMatchObject({ available: 2500, requested: 2500, paidOut: 0 });

    // The same key as the refused attempt: whatever Stripe did with that one, a retry cannot add a
    // second transfer. (Stripe replays a refusal it recorded for 24 h; ADR 0026.)
    const retried = await markSent(payout.id);
    expect(transferCalls().map((r) => r.headers['idempotency-key'])).toEqual([
      `tagalong-payout-${payout.id}`,
      `tagalong-payout-${payout.id}`,
    ]);
    expect(retried.statusCode).toBe(200);
    expect(transfersOf(payout.id)).toHaveLength(1);
  });

  it('leaves it requested when the account is not connected to the platform', async () => {
    const traveler = await travelerWith('connect-stranger@example.test');
    const asked = await call('/api/payouts', traveler.cookie, {
      method: 'stripe_connect',
      amount: 1000,
      stripeAccountId: 'acct_1NotConnectedToUs',
    });
    const payout = asked.json() as Payout;
    const res = await markSent(payout.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.params.reason).toContain("No such destination: 'acct_1NotConnectedToUs'");
    expect(await rowOf(payout.id)).toMatchObject({ status: 'requested', providerRef: null });
    expect(await auditOf(payout.id)).toEqual([]);
  });

  it('leaves it requested when Stripe does not answer, and says a retry is safe', async () => {
    const { payout } = await connectPayout('connect-down@example.test', 1000);
    // The SDK retries twice: three failures in a row.
    for (let i = 0; i < 3; i++) stripe.failNext(503);
    const res = await markSent(payout.id);
    expect(res.statusCode).toBe(502);
    // No reason: Stripe did not refuse, so the words say a retry is safe.
    expect(res.json().error).toMatchObject({
      code: 'TRANSFER_FAILED',
      params: { destination: payout.stripeAccountId },
    });
    expect(res.json().error.params).not.toHaveProperty('reason');
    expect(await rowOf(payout.id)).toMatchObject({ status: 'requested', providerRef: null });
    expect(transfersOf(payout.id)).toEqual([]);
  });

  it('sends a bank payout by hand as before: no transfer, the admin’s reference', async () => {
    const traveler = await travelerWith('connect-by-hand@example.test');
    const asked = await call('/api/payouts', traveler.cookie, {
      amount: 1000,
      bankDetails: { accountHolder: 'Tara Traveler', iban: IBANS.gb },
    });
    const payout = asked.json() as Payout;
    const res = await markSent(payout.id, admin.cookie, { reference: 'SEPA-2026-0099' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ method: 'bank', reference: 'SEPA-2026-0099' });
    expect(transferCalls()).toEqual([]);
    const [told] = await toldOf(traveler.id);
    expect(told?.body).toContain('your bank account ending 5432');
    // And a Stripe payout has no bank details for the admin to read.
    const { payout: toStripe } = await connectPayout('connect-no-bank@example.test', 1000);
    const details = await call(`/api/admin/payouts/${toStripe.id}/bank-details`, admin.cookie);
    expect(details.statusCode).toBe(404);
    expect(details.json().error).toMatchObject({
      code: 'PAYOUT_HAS_NO_BANK_DETAILS',
      params: { method: 'stripe_connect' },
    });
  });
});
