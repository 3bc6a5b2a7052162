import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { ledgerEntries, payments, payouts } from '#server/db/schema/payments.ts';
import { carriedPaidPackage, earn, IBANS, release, verifiedMember } from '#server/modules/balances/test/helpers.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { balance, ledgerIsBalanced } from '#server/modules/payments/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { AdminPayment, AdminPaymentPage, LedgerEntryPage } from '#shared/admin-money.ts';
import type { AdminPayout, AdminPayoutPage, Payout } from '#shared/payouts.ts';

// The back office's money API: payments and refunds, the journal, payouts to send. Admins
// only; every action is in the audit log.

let app: FastifyInstance;
let admin: { cookie: string; id: string };
let member: { cookie: string; id: string };
let sender: { cookie: string; id: string };
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  admin = await signUpVerified(app, 'money-admin@example.test', 'Alex Admin');
  await makeAdmin(app, admin.id);
  member = await signUpVerified(app, 'money-member@example.test');
  sender = await signUpVerified(app, 'money-sender@example.test', 'Sandra Sender');
});
afterAll(() => app.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const auditOf = (subjectId: string) => app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId));

async function requestedPayout(email: string, amount = 2000) {
  const traveler = await verifiedMember(app, email, 'Tara Traveler');
  await earn(app, { senderId: sender.id, travelerId: traveler.id, reward: 5000 });
  const res = await call('POST', '/api/payouts', traveler.cookie, {
    amount,
    bankDetails: { accountHolder: 'Tara Traveler', iban: IBANS.de },
  });
  expect(res.statusCode).toBe(201);
  return { traveler, payout: res.json() as Payout };
}

describe('who may call it', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const endpoints: [Method, string, unknown?][] = [
    ['GET', '/api/admin/payments'],
    ['POST', `/api/admin/payments/${id}/refund`, { amount: 100, note: 'Because' }],
    ['GET', '/api/admin/ledger/entries'],
    ['GET', '/api/admin/payouts'],
    ['GET', `/api/admin/payouts/${id}/bank-details`],
    ['POST', `/api/admin/payouts/${id}/mark-sent`, {}],
  ];
  it.each(endpoints)('%s %s: 401 for a visitor, 403 for a member', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    const res = await call(method, url, member.cookie, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ADMIN_ONLY');
  });
});

describe('payments', () => {
  it('lists payments newest first, by status and package, a page at a time', async () => {
    const a = await carriedPaidPackage(app, { senderId: sender.id, travelerId: member.id, reward: 1000, title: 'A' });
    const b = await carriedPaidPackage(app, { senderId: sender.id, travelerId: member.id, reward: 2000, title: 'B' });
    await app.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, a.paymentId));

    const all = (await call('GET', '/api/admin/payments', admin.cookie)).json() as AdminPaymentPage;
    expect(all.items.slice(0, 2).map((p) => p.id)).toEqual([b.paymentId, a.paymentId]);
    expect(all.items[0]).toMatchObject({
      packageId: b.packageId,
      packageTitle: 'B',
      status: 'succeeded',
      amount: 2250,
      refundedAmount: 0,
      refundable: 2250,
      sender: { id: sender.id, name: 'Sandra Sender', email: 'money-sender@example.test' },
    });
    expect(all.items[1]).toMatchObject({ status: 'failed', refundable: 0 });

    const failed = (await call('GET', '/api/admin/payments?status=failed', admin.cookie)).json() as AdminPaymentPage;
    expect(failed.items.map((p) => p.id)).toEqual([a.paymentId]);
    const byPackage = (
      await call('GET', `/api/admin/payments?packageId=${b.packageId}`, admin.cookie)
    ).json() as AdminPaymentPage;
    expect(byPackage.items.map((p) => p.id)).toEqual([b.paymentId]);

    const first = (await call('GET', '/api/admin/payments?limit=1', admin.cookie)).json() as AdminPaymentPage;
    const second = (
      await call('GET', `/api/admin/payments?limit=1&cursor=${first.nextCursor}`, admin.cookie)
    ).json() as AdminPaymentPage;
    expect([first.items[0]?.id, second.items[0]?.id]).toEqual([b.paymentId, a.paymentId]);

    const bad = await call('GET', '/api/admin/payments?status=lost&packageId=42', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['packageId', 'status']);
  });

  it('refunds part, then the rest, with the note in the audit log; never more than is left', async () => {
    const paid = await carriedPaidPackage(app, { senderId: sender.id, travelerId: member.id, reward: 4000, fee: 400 });
    const refund = (amount: number, note = 'Item arrived damaged, agreed with both') =>
      call('POST', `/api/admin/payments/${paid.paymentId}/refund`, admin.cookie, { amount, note });
    const escrowBefore = await balance(app, 'escrow');

    const partial = await refund(1000);
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 1000,
      refundable: 3400,
    } satisfies Partial<AdminPayment>);
    expect(await balance(app, 'escrow')).toBe(escrowBefore - 1000);
    const [audit] = await auditOf(paid.paymentId);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'payment.refund',
      subjectType: 'payment',
      reason: 'Item arrived damaged, agreed with both',
      before: { refundedAmount: 0, status: 'succeeded' },
      after: { refundedAmount: 1000, status: 'partially_refunded' },
      data: { amount: 1000, currency: 'EUR' },
    });
    // The payment's timeline in the back office, with the admin named.
    const timeline = await app.inject({
      url: `/api/admin/audit?subjectType=payment&subjectId=${paid.paymentId}`,
      headers: { cookie: admin.cookie },
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json()).toMatchObject({
      items: [
        {
          action: 'payment.refund',
          subject: { type: 'payment', id: paid.paymentId },
          actor: { id: admin.id, name: 'Alex Admin', email: 'money-admin@example.test' },
          reason: 'Item arrived damaged, agreed with both',
          after: { refundedAmount: 1000 },
        },
      ],
      nextCursor: null,
    });
    const told = await app.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, sender.id), eq(notification.type, 'payment_refunded')));
    expect(told.at(-1)?.body).toContain('€10.00');

    const over = await refund(3401);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      params: { refundable: 3400, currency: 'EUR' },
    });

    const rest = await refund(3400, 'Refunding the rest');
    expect(rest.json()).toMatchObject({ status: 'refunded', refundedAmount: 4400, refundable: 0 });
    expect(await auditOf(paid.paymentId)).toHaveLength(2);
    const again = await refund(1);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'REFUND_TOO_LARGE', params: { refundable: 0 } });

    const kinds = await app.database.db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, paid.paymentId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['payment_received', 'refund', 'refund']);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('refunds once when the same refund is sent several times at once', async () => {
    const paid = await carriedPaidPackage(app, { senderId: sender.id, travelerId: member.id, reward: 3000, fee: 300 });
    const body = { amount: 500, note: 'Goodwill', requestId: randomUUID() };
    const results = await Promise.all(
      [1, 2, 3].map(() => call('POST', `/api/admin/payments/${paid.paymentId}/refund`, admin.cookie, body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const [row] = await app.database.db.select().from(payments).where(eq(payments.id, paid.paymentId));
    expect(row?.refundedAmount).toBe(500);
    expect(await auditOf(paid.paymentId)).toHaveLength(1);
  });

  it('never refunds more than was paid when different refunds race', async () => {
    const paid = await carriedPaidPackage(app, { senderId: sender.id, travelerId: member.id, reward: 3000, fee: 300 });
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        call('POST', `/api/admin/payments/${paid.paymentId}/refund`, admin.cookie, {
          amount: 2000,
          note: `Racing refund ${n}`,
          requestId: randomUUID(),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const [row] = await app.database.db.select().from(payments).where(eq(payments.id, paid.paymentId));
    expect(row?.refundedAmount).toBe(2000);
    expect(await auditOf(paid.paymentId)).toHaveLength(1);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('cannot refund what was released to the traveler, and refuses a bad body or an unknown payment', async () => {
    const paid = await earn(app, { senderId: sender.id, travelerId: member.id, reward: 2000 });
    const res = await call('POST', `/api/admin/payments/${paid.paymentId}/refund`, admin.cookie, {
      amount: 100,
      note: 'Try',
    });
    expect(res.statusCode).toBe(409);
    expect(await auditOf(paid.paymentId)).toEqual([]);

    const bad = await call('POST', `/api/admin/payments/${paid.paymentId}/refund`, admin.cookie, { amount: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['amount', 'note']);
    const unknown = await call(
      'POST',
      '/api/admin/payments/00000000-0000-4000-8000-000000000000/refund',
      admin.cookie,
      {
        amount: 100,
        note: 'Nobody',
      },
    );
    expect(unknown.statusCode).toBe(404);
    const failed = await carriedPaidPackage(app, { senderId: sender.id, travelerId: member.id, reward: 1000 });
    await app.database.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, failed.paymentId));
    const notPaid = await call('POST', `/api/admin/payments/${failed.paymentId}/refund`, admin.cookie, {
      amount: 100,
      note: 'Not paid',
    });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.code).toBe('PAYMENT_NOT_REFUNDABLE');
  });
});

describe('the journal', () => {
  it('lists entries with their balanced lines, filtered by account, kind, payment, package and time', async () => {
    const traveler = await signUpVerified(app, 'journal-traveler@example.test');
    const carried = await carriedPaidPackage(app, {
      senderId: sender.id,
      travelerId: traveler.id,
      reward: 1500,
      fee: 150,
    });
    await release(app, carried.packageId, traveler.id);
    const get = async (query: string) => {
      const res = await call('GET', `/api/admin/ledger/entries${query}`, admin.cookie);
      expect(res.statusCode).toBe(200);
      return res.json() as LedgerEntryPage;
    };

    const mine = await get(`?account=traveler:${traveler.id}`);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      kind: 'completion',
      currency: 'EUR',
      paymentId: carried.paymentId,
      packageId: carried.packageId,
      lines: [
        { account: 'escrow', amount: -1650 },
        { account: 'platform_fees', amount: 150 },
        { account: `traveler:${traveler.id}`, amount: 1500 },
      ],
    });
    const byPayment = await get(`?paymentId=${carried.paymentId}`);
    expect(byPayment.items.map((e) => e.kind)).toEqual(['completion', 'payment_received']);
    for (const entry of byPayment.items) expect(entry.lines.reduce((s, l) => s + l.amount, 0)).toBe(0);
    expect((await get(`?packageId=${carried.packageId}&kind=payment_received`)).items).toHaveLength(1);
    expect((await get(`?account=sender:${sender.id}&kind=completion`)).items).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`?paymentId=${carried.paymentId}&from=${today}&to=${today}`)).items).toHaveLength(2);
    expect((await get(`?paymentId=${carried.paymentId}&to=2000-01-01`)).items).toEqual([]);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`?paymentId=${carried.paymentId}&from=${encodeURIComponent(later)}`)).items).toEqual([]);

    const first = await get(`?paymentId=${carried.paymentId}&limit=1`);
    expect(first.items.map((e) => e.kind)).toEqual(['completion']);
    const next = await get(`?paymentId=${carried.paymentId}&limit=1&cursor=${first.nextCursor}`);
    expect(next.items.map((e) => e.kind)).toEqual(['payment_received']);
    expect(next.nextCursor).toBeNull();

    const bad = await call(
      'GET',
      '/api/admin/ledger/entries?kind=gift&account=nope:1&from=yesterday&paymentId=x',
      admin.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['account', 'from', 'kind', 'paymentId']);
    const backwards = await call('GET', '/api/admin/ledger/entries?from=2026-02-01&to=2026-01-01', admin.cookie);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('to');
  });
});

describe('payouts', () => {
  it('lists payouts by status, shows the bank details to an admin (audited), and marks one sent once', async () => {
    const { traveler, payout } = await requestedPayout('payout-admin@example.test', 2000);

    const requested = (
      await call('GET', '/api/admin/payouts?status=requested', admin.cookie)
    ).json() as AdminPayoutPage;
    expect(requested.items.find((p) => p.id === payout.id)).toMatchObject({
      amount: 2000,
      status: 'requested',
      bankLast4: '3000',
      traveler: { id: traveler.id, name: 'Tara Traveler', email: 'payout-admin@example.test' },
      sentBy: null,
      reference: null,
    });
    expect(JSON.stringify(requested)).not.toContain(IBANS.de);

    const details = await call('GET', `/api/admin/payouts/${payout.id}/bank-details`, admin.cookie);
    expect(details.json()).toEqual({ payoutId: payout.id, accountHolder: 'Tara Traveler', iban: IBANS.de });
    expect(await auditOf(payout.id)).toMatchObject([{ action: 'payout.bank_details_viewed', actorId: admin.id }]);

    const sent = await call('POST', `/api/admin/payouts/${payout.id}/mark-sent`, admin.cookie, {
      note: 'Sent from the business account',
      reference: 'SEPA-2026-0042',
    });
    expect(sent.statusCode).toBe(200);
    const marked = sent.json() as AdminPayout;
    expect(marked).toMatchObject({
      status: 'sent',
      reference: 'SEPA-2026-0042',
      sentBy: { id: admin.id, name: 'Alex Admin' },
    });
    expect(Date.now() - Date.parse(marked.sentAt as string)).toBeLessThan(60_000);
    const [row] = await app.database.db.select().from(payouts).where(eq(payouts.id, payout.id));
    expect(row).toMatchObject({ status: 'sent', sentBy: admin.id, providerRef: 'SEPA-2026-0042' });
    const markAudit = (await auditOf(payout.id)).find((a) => a.action === 'payout.mark_sent');
    expect(markAudit).toMatchObject({
      actorId: admin.id,
      subjectType: 'payout',
      reason: 'Sent from the business account',
      before: { status: 'requested' },
      after: { status: 'sent', reference: 'SEPA-2026-0042' },
      data: { travelerId: traveler.id, amount: 2000, currency: 'EUR' },
    });
    const [told] = await app.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, traveler.id), eq(notification.type, 'payout_sent')));
    expect(told?.body).toContain('€20.00');
    const balance = (await call('GET', '/api/balance', traveler.cookie)).json();
    expect(balance.currencies[0]).toMatchObject({ available: 3000, requested: 0, paidOut: 2000 });

    const twice = await call('POST', `/api/admin/payouts/${payout.id}/mark-sent`, admin.cookie, {});
    expect(twice.statusCode).toBe(409);
    expect((await auditOf(payout.id)).filter((a) => a.action === 'payout.mark_sent')).toHaveLength(1);

    const sentList = (await call('GET', '/api/admin/payouts?status=sent', admin.cookie)).json() as AdminPayoutPage;
    expect(sentList.items.map((p) => p.id)).toContain(payout.id);
    expect(
      ((await call('GET', '/api/admin/payouts?status=requested', admin.cookie)).json() as AdminPayoutPage).items.map(
        (p) => p.id,
      ),
    ).not.toContain(payout.id);
  });

  it('marks a payout sent once when two admins click at the same time', async () => {
    const { payout } = await requestedPayout('payout-race-admin@example.test', 1000);
    const other = await signUpVerified(app, 'money-admin-2@example.test', 'Ada Admin');
    await makeAdmin(app, other.id);
    const results = await Promise.all(
      [admin, other].map((a) => call('POST', `/api/admin/payouts/${payout.id}/mark-sent`, a.cookie, {})),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(payout.id)).filter((a) => a.action === 'payout.mark_sent')).toHaveLength(1);
  });

  it('refuses an unknown payout, a bad body, and an admin sending their own payout', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/admin/payouts/${unknown}/mark-sent`, admin.cookie, {})).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/payouts/${unknown}/bank-details`, admin.cookie)).statusCode).toBe(404);
    const bad = await call('POST', '/api/admin/payouts/not-an-id/mark-sent', admin.cookie, {
      reference: 'x'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
    const badStatus = await call('GET', '/api/admin/payouts?status=lost', admin.cookie);
    expect(badStatus.json().error.fields).toHaveProperty('status');

    const { traveler, payout } = await requestedPayout('payout-self-admin@example.test', 1000);
    await makeAdmin(app, traveler.id);
    const own = await call('POST', `/api/admin/payouts/${payout.id}/mark-sent`, traveler.cookie, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_PAYOUT');
  });
});
