import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/audit.ts';
import { payments } from '#server/db/schema/payments.ts';
import { makeAdmin } from '#server/modules/kyc/test/helpers.ts';
import { call } from '#server/modules/packages/test/helpers.ts';
import { balance, entriesOf, ledgerIsBalanced, payOnSandbox } from '#server/modules/payments/test/helpers.ts';
import { createTestApp } from '#server/test/app.ts';
import { type PackageRequest, REQUEST_LIMITS } from '#shared/requests.ts';
import {
  codesOf,
  createTrip,
  type Member,
  notificationsOf,
  openPackage,
  storedPackage,
  storedRequest,
  verifiedMember,
} from './test/helpers.ts';

// Counter-offers on the reward (docs/product.md §4.5, ADR 0059): a proposal on the table, the side it
// waits for accepts or counters it, an acceptance agrees to the amount it saw, and an agreed reward
// below the one paid reprices the package and refunds the difference through the ledger. The package
// is posted at €25.00 + €2.50 fee (10 %, at least €1.00).

let app: FastifyInstance;
let sender: Member;
let traveler: Member;
let rival: Member;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  sender = await verifiedMember(app, 'counter-sender@example.test', 'Cleo Sender');
  traveler = await verifiedMember(app, 'counter-traveler@example.test', 'Theo Traveler');
  rival = await verifiedMember(app, 'counter-rival@example.test', 'Rita Rival');
});
afterAll(() => app.close());

const offerFor = (who: Member, packageId: string, travelPlanId: string, reward?: number) =>
  call(app, 'POST', '/api/requests/offers', who.cookie, { packageId, travelPlanId, reward });
const counter = (who: Member, id: string, reward: number) =>
  call(app, 'POST', `/api/requests/${id}/counter`, who.cookie, { reward });
const accept = (who: Member, id: string, reward?: number) =>
  call(app, 'POST', `/api/requests/${id}/accept`, who.cookie, reward === undefined ? undefined : { reward });
const seenBy = async (who: Member, id: string) =>
  (await call(app, 'GET', `/api/requests/${id}`, who.cookie)).json() as PackageRequest;
const paymentOf = async (packageId: string) => {
  const [row] = await app.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.packageId, packageId), eq(payments.status, 'partially_refunded')));
  return row;
};

async function offeredAt(who: Member, reward: number) {
  const pkg = await openPackage(app, sender);
  const trip = await createTrip(app, who);
  const res = await offerFor(who, pkg.id, trip.id, reward);
  expect(res.statusCode, res.body).toBe(201);
  return { pkg, trip, request: res.json() as PackageRequest };
}

describe('proposing a reward', () => {
  it('keeps a proposal within the settings’ limits, and writes nothing otherwise', async () => {
    const pkg = await openPackage(app, sender);
    const trip = await createTrip(app, traveler);
    for (const reward of [100_001, 400, 0]) {
      const res = await offerFor(traveler, pkg.id, trip.id, reward);
      expect(res.statusCode, `${reward}`).toBe(400);
      expect(res.json().error.fields.reward, `${reward}`).toHaveLength(1);
    }
    expect(await notificationsOf(app, sender.id, 'request_received')).toHaveLength(0);
  });

  it('puts the offer’s amount on the table, for the sender to answer', async () => {
    const { request } = await offeredAt(traveler, 2000);
    expect(request.proposal).toEqual({ reward: 2000, by: 'traveler', counters: 0, awaitsMe: false });
    expect(request.actions).toEqual(['withdraw']);
    const asSender = await seenBy(sender, request.id);
    expect(asSender.proposal).toEqual({ reward: 2000, by: 'traveler', counters: 0, awaitsMe: true });
    expect(asSender.actions).toEqual(['accept', 'counter', 'decline']);
    const [notice] = await notificationsOf(app, sender.id, 'request_received');
    expect(notice?.body).toContain('for €20.00');
  });
});

describe('countering and accepting', () => {
  it('takes turns: only the side a proposal waits for counters or accepts it, with the amount it saw', async () => {
    const { pkg, request } = await offeredAt(traveler, 2000);
    // The traveler cannot answer their own proposal.
    expect((await counter(traveler, request.id, 2100)).json().error.code).toBe('REQUEST_RECEIVER_ONLY');
    expect((await accept(traveler, request.id)).statusCode).toBe(403);
    // The same amount again is not a counter-offer.
    expect((await counter(sender, request.id, 2000)).statusCode).toBe(400);

    const countered = await counter(sender, request.id, 2200);
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json()).toMatchObject({
      proposal: { reward: 2200, by: 'sender', counters: 1, awaitsMe: false },
      actions: ['decline'],
    });
    const [told] = await notificationsOf(app, traveler.id, 'request_countered');
    expect(told?.body).toContain('€22.00');
    expect(told?.data).toMatchObject({ requestId: request.id, reward: 2200 });
    // Now it is the traveler's turn, and no longer the sender's.
    expect((await counter(sender, request.id, 2300)).json().error.code).toBe('REQUEST_NOT_YOUR_TURN');
    expect((await accept(sender, request.id)).json().error.code).toBe('REQUEST_NOT_YOUR_TURN');
    expect((await seenBy(traveler, request.id)).actions).toEqual(['accept', 'counter', 'withdraw']);

    // Accepting what the page showed before the counter-offer is refused: the amount changed.
    const stale = await accept(traveler, request.id, 2000);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'REQUEST_PROPOSAL_CHANGED', params: { reward: 2200 } });
    expect((await storedRequest(app, request.id)).status).toBe('pending');

    const accepted = await accept(traveler, request.id, 2200);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', proposal: { reward: 2200 } });
    const stored = await storedPackage(app, pkg.id);
    expect(stored).toMatchObject({ status: 'matched', travelerId: traveler.id, reward: 2200 });
    const [accepted_] = await notificationsOf(app, sender.id, 'request_accepted');
    expect(accepted_?.body).toContain('for €22.00');
  });

  it('stops the back and forth after the limit: the amount on the table is accepted or declined', async () => {
    const { request } = await offeredAt(traveler, 2000);
    let turn = sender;
    for (let n = 0; n < REQUEST_LIMITS.counters; n++) {
      const res = await counter(turn, request.id, 1500 + n * 100);
      expect(res.statusCode, res.body).toBe(200);
      turn = turn === sender ? traveler : sender;
    }
    const refused = await counter(turn, request.id, 2400);
    expect(refused.json().error).toMatchObject({
      code: 'REQUEST_COUNTER_LIMIT',
      params: { max: REQUEST_LIMITS.counters },
    });
    expect((await seenBy(turn, request.id)).actions).not.toContain('counter');
    expect((await accept(turn, request.id)).statusCode).toBe(200);
  });
});

describe('the money of an agreed reward', () => {
  it('refunds the difference when lower, recomputes the fee, and releases the agreed reward at completion', async () => {
    const escrowBefore = await balance(app, 'escrow');
    const feesBefore = await balance(app, 'platform_fees');
    const refundsBefore = await balance(app, 'refunds');
    const { pkg, request } = await offeredAt(traveler, 1800);
    const accepted = await accept(sender, request.id, 1800);
    expect(accepted.statusCode, accepted.body).toBe(200);

    // Paid 2750 (2500 + 250); agreed 1800 + 180 fee: 770 back to the sender.
    const payment = await paymentOf(pkg.id);
    expect(payment).toMatchObject({ amount: 2750, reward: 1800, fee: 180, refundedAmount: 770 });
    const kinds = (await entriesOf(app, payment?.id as string)).map((e) => e.kind);
    expect(kinds).toEqual(['payment_received', 'refund']);
    expect(await balance(app, 'escrow')).toBe(escrowBefore + 1980);
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 770);
    const refunded = await notificationsOf(app, sender.id, 'payment_refunded');
    expect(refunded.map((n) => n.body)).toContainEqual(
      expect.stringContaining('carried for €18.00. €7.70 is on its way'),
    );

    // Carried and confirmed: the traveler gets the agreed reward, the platform the recomputed fee.
    const codes = await codesOf(app, sender, pkg.id);
    const path = (step: string) => `/api/packages/${pkg.id}/${step}`;
    expect((await call(app, 'POST', path('pickup'), traveler.cookie, { code: codes.pickupCode })).statusCode).toBe(200);
    expect((await call(app, 'POST', path('deliver'), traveler.cookie, { code: codes.deliveryCode })).statusCode).toBe(
      200,
    );
    const confirmed = await call(app, 'POST', path('confirm'), sender.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(1800);
    expect(await balance(app, 'platform_fees')).toBe(feesBefore + 180);
    expect(await balance(app, 'escrow')).toBe(escrowBefore);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('keeps only the recomputed fee when a repriced package is cancelled after the match', async () => {
    const refundsBefore = await balance(app, 'refunds');
    const feesBefore = await balance(app, 'platform_fees');
    const { pkg, request } = await offeredAt(rival, 2000);
    expect((await accept(sender, request.id)).statusCode).toBe(200);
    const cancelled = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 2750 paid: 550 back at the agreement, 2000 at the cancellation, the 200 fee kept.
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 2550);
    expect(await balance(app, 'platform_fees')).toBe(feesBefore + 200);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});

describe('answers racing', () => {
  it('an acceptance and a counter-offer of the same proposal at once leave one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const { pkg, request } = await offeredAt(traveler, 2000);
      expect((await counter(sender, request.id, 2200)).statusCode).toBe(200);
      const [accepted, countered] = await Promise.all([
        accept(traveler, request.id, 2200),
        counter(traveler, request.id, 2100),
      ]);
      expect([accepted.statusCode, countered.statusCode].sort()).toEqual([200, 409]);
      const stored = await storedRequest(app, request.id);
      if (accepted.statusCode === 200) {
        expect(stored).toMatchObject({ status: 'accepted', reward: 2200, counters: 1 });
        expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'matched', reward: 2200 });
      } else {
        expect(stored).toMatchObject({ status: 'pending', reward: 2100, proposedBy: 'traveler', counters: 2 });
        expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'open', reward: 2500 });
      }
    }
  });

  it('two countered requests of one package accepted at once: one match, one repricing, one refund', async () => {
    for (let round = 0; round < 3; round++) {
      const pkg = await openPackage(app, sender);
      const a = await offerFor(traveler, pkg.id, (await createTrip(app, traveler)).id, 2000);
      const b = await offerFor(rival, pkg.id, (await createTrip(app, rival)).id, 1600);
      const [first, second] = [a.json() as PackageRequest, b.json() as PackageRequest];
      const results = await Promise.all([accept(sender, first.id, 2000), accept(sender, second.id, 1600)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const won = results[0]?.statusCode === 200 ? 2000 : 1600;
      const payment = await paymentOf(pkg.id);
      expect(payment).toMatchObject({ reward: won, refundedAmount: 2750 - won - won / 10 });
      const kinds = (await entriesOf(app, payment?.id as string)).map((e) => e.kind);
      expect(kinds).toEqual(['payment_received', 'refund']);
      expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'matched', reward: won });
    }
    expect(await ledgerIsBalanced(app)).toBe(true);
  });
});

describe('a reward agreed above the one paid', () => {
  const topUp = (who: Member, id: string) => call(app, 'POST', `/api/requests/${id}/top-up`, who.cookie);
  /** The sender pays a checkout on the sandbox page, as their browser would. */
  async function senderPays(url: string) {
    const paid = await payOnSandbox(app, sender.cookie, url, 'Cleo Sender');
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const paymentsOf = (packageId: string) =>
    app.database.db.select().from(payments).where(eq(payments.packageId, packageId)).orderBy(payments.createdAt);

  /** Tess offers €30.00 for the €25.00 package; the sender accepts: agreed, €5.50 to pay (€5.00 + €0.50 fee). */
  async function agreedAt3000(who: Member) {
    const offered = await offeredAt(who, 3000);
    const accepted = await accept(sender, offered.request.id, 3000);
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { ...offered, accepted: accepted.json() as PackageRequest };
  }

  it('is agreed first, matched once the sender pays the difference, and released whole at completion', async () => {
    const escrowBefore = await balance(app, 'escrow');
    const feesBefore = await balance(app, 'platform_fees');
    const { pkg, request, accepted } = await agreedAt3000(traveler);
    expect(accepted).toMatchObject({ status: 'agreed', difference: 550, actions: ['pay_difference', 'decline'] });
    expect(await seenBy(traveler, request.id)).toMatchObject({ status: 'agreed', actions: ['withdraw'] });
    expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'open', reward: 2500 });
    const told = await notificationsOf(app, traveler.id, 'request_accepted');
    expect(told.map((n) => n.body)).toContainEqual(expect.stringContaining('agreed to €30.00'));

    // Only the sender pays it; the traveler is told no, a stranger finds nothing.
    expect((await topUp(traveler, request.id)).json().error.code).toBe('SENDER_ONLY_PAYS');
    expect((await topUp(rival, request.id)).statusCode).toBe(404);
    const started = await topUp(sender, request.id);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().payment).toMatchObject({
      kind: 'top_up',
      amount: 550,
      reward: 500,
      fee: 50,
      status: 'pending',
    });
    // A second click gets the same checkout.
    expect((await topUp(sender, request.id)).json().url).toBe(started.json().url);
    await senderPays(started.json().url);

    expect(await storedRequest(app, request.id)).toMatchObject({ status: 'accepted', reward: 3000 });
    expect(await storedPackage(app, pkg.id)).toMatchObject({
      status: 'matched',
      travelerId: traveler.id,
      reward: 3000,
    });
    expect((await paymentsOf(pkg.id)).map((p) => [p.kind, p.status, p.amount, p.reward, p.fee])).toEqual([
      ['package', 'succeeded', 2750, 2500, 250],
      ['top_up', 'succeeded', 550, 500, 50],
    ]);
    expect(await balance(app, 'escrow')).toBe(escrowBefore + 3300);
    // The return page still speaks of the payment that published the package.
    const latest = await call(app, 'GET', `/api/packages/${pkg.id}/payments/latest`, sender.cookie);
    expect(latest.json()).toMatchObject({ amount: 2750 });

    const codes = await codesOf(app, sender, pkg.id);
    const path = (step: string) => `/api/packages/${pkg.id}/${step}`;
    expect((await call(app, 'POST', path('pickup'), traveler.cookie, { code: codes.pickupCode })).statusCode).toBe(200);
    expect((await call(app, 'POST', path('deliver'), traveler.cookie, { code: codes.deliveryCode })).statusCode).toBe(
      200,
    );
    expect((await call(app, 'POST', path('confirm'), sender.cookie)).statusCode).toBe(200);
    expect(await balance(app, `traveler:${traveler.id}`)).toBe(1800 + 3000);
    expect(await balance(app, 'platform_fees')).toBe(feesBefore + 300);
    expect(await balance(app, 'escrow')).toBe(escrowBefore);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('refunds both payments but the agreed fee when the matched package is cancelled', async () => {
    const refundsBefore = await balance(app, 'refunds');
    const feesBefore = await balance(app, 'platform_fees');
    const { pkg, request } = await agreedAt3000(rival);
    await senderPays((await topUp(sender, request.id)).json().url);
    expect((await storedPackage(app, pkg.id)).status).toBe('matched');
    const cancelled = await call(app, 'POST', `/api/packages/${pkg.id}/cancel`, sender.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 3000);
    expect(await balance(app, 'platform_fees')).toBe(feesBefore + 300);
    expect((await paymentsOf(pkg.id)).map((p) => [p.status, p.refundedAmount])).toEqual([
      ['partially_refunded', 2500],
      ['partially_refunded', 500],
    ]);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('sends the difference back when the package took another traveler before it was paid', async () => {
    const refundsBefore = await balance(app, 'refunds');
    const { pkg, request } = await agreedAt3000(traveler);
    const started = (await topUp(sender, request.id)).json();
    // Meanwhile the sender accepts another offer at the posted reward: the agreement is declined.
    const other = await offerFor(rival, pkg.id, (await createTrip(app, rival)).id);
    expect((await accept(sender, (other.json() as PackageRequest).id)).statusCode).toBe(200);
    expect((await storedRequest(app, request.id)).status).toBe('declined');
    await senderPays(started.url);
    const [, difference] = await paymentsOf(pkg.id);
    expect(difference).toMatchObject({ kind: 'top_up', status: 'refunded', refundedAmount: 550 });
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 550);
    expect(await storedPackage(app, pkg.id)).toMatchObject({ travelerId: rival.id, reward: 2500 });
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('lets either side end an agreement before it is paid, and a newer agreement replaces it', async () => {
    const { pkg, request } = await agreedAt3000(traveler);
    const second = await offerFor(rival, pkg.id, (await createTrip(app, rival)).id, 2800);
    expect((await accept(sender, (second.json() as PackageRequest).id, 2800)).json()).toMatchObject({
      status: 'agreed',
      difference: 330,
    });
    expect((await storedRequest(app, request.id)).status).toBe('declined');
    const withdrawn = await call(
      app,
      'POST',
      `/api/requests/${(second.json() as PackageRequest).id}/withdraw`,
      rival.cookie,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await topUp(sender, (second.json() as PackageRequest).id)).json().error.code).toBe(
      'REQUEST_ALREADY_ANSWERED',
    );
    expect((await storedPackage(app, pkg.id)).status).toBe('open');
  });

  it('shares a dispute’s partial refund over both payments, keeping the agreed fee whole', async () => {
    const admin = await verifiedMember(app, 'counter-admin@example.test', 'Ada Admin');
    await makeAdmin(app, admin.id);
    const refundsBefore = await balance(app, 'refunds');
    const feesBefore = await balance(app, 'platform_fees');
    const travelerBefore = await balance(app, `traveler:${rival.id}`);
    const { pkg, request } = await agreedAt3000(rival);
    await senderPays((await topUp(sender, request.id)).json().url);
    const codes = await codesOf(app, sender, pkg.id);
    const path = (step: string) => `/api/packages/${pkg.id}/${step}`;
    await call(app, 'POST', path('pickup'), rival.cookie, { code: codes.pickupCode });
    await call(app, 'POST', path('deliver'), rival.cookie, { code: codes.deliveryCode });
    const opened = await call(app, 'POST', path('dispute'), sender.cookie, {
      reason: 'damaged',
      details: 'The vase arrived in three pieces.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    // €33.00 held: €20.00 back to the sender, the €3.00 fee kept, €10.00 to the traveler.
    const resolved = await call(app, 'POST', `/api/admin/packages/${pkg.id}/dispute/resolve`, admin.cookie, {
      resolution: 'refund_sender',
      amount: 2000,
      note: 'Half of the vase could be saved',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 2000);
    expect(await balance(app, 'platform_fees')).toBe(feesBefore + 300);
    expect(await balance(app, `traveler:${rival.id}`)).toBe(travelerBefore + 1000);
    const rows = await paymentsOf(pkg.id);
    expect(rows.reduce((sum, p) => sum + p.refundedAmount, 0)).toBe(2000);
    expect(await ledgerIsBalanced(app)).toBe(true);
  });

  it('lets an admin end an agreement before it is paid, audited and told to both; a payment still arriving goes back', async () => {
    const admin = await verifiedMember(app, 'counter-closer@example.test', 'Cy Closer');
    await makeAdmin(app, admin.id);
    const refundsBefore = await balance(app, 'refunds');
    const { pkg, request } = await agreedAt3000(traveler);
    const started = (await topUp(sender, request.id)).json();
    const seen = await call(app, 'GET', `/api/admin/requests/${request.id}`, admin.cookie);
    expect(seen.json()).toMatchObject({ status: 'agreed', actions: ['withdraw', 'expire'] });

    const closed = await call(app, 'POST', `/api/admin/requests/${request.id}/expire`, admin.cookie, {
      reason: 'The sender says they will not pay more',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'expired', actions: [], expiresAt: null });
    expect(closed.json().timeline.at(-1)).toMatchObject({ kind: 'expired', by: { id: admin.id, role: 'admin' } });
    const about = (n: { data: unknown }) => (n.data as { requestId?: string }).requestId === request.id;
    const [toSender] = (await notificationsOf(app, sender.id, 'request_expired')).filter(about);
    const [toTraveler] = (await notificationsOf(app, traveler.id, 'request_expired')).filter(about);
    expect(toSender?.body).toContain('agreement to carry');
    expect(toSender?.body).toContain('€30.00, so the difference is no longer owed');
    expect(toTraveler?.body).toContain('before the difference was paid');
    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.subjectId, request.id));
    expect(audit).toMatchObject([
      { action: 'request.expire', before: { status: 'agreed' }, after: { status: 'expired' } },
    ]);
    expect((await topUp(sender, request.id)).json().error.code).toBe('REQUEST_ALREADY_ANSWERED');

    // The checkout opened before is paid anyway: the difference goes back in full, the package stays open.
    await senderPays(started.url);
    const [, difference] = await paymentsOf(pkg.id);
    expect(difference).toMatchObject({ kind: 'top_up', status: 'refunded', refundedAmount: 550 });
    expect(await balance(app, 'refunds')).toBe(refundsBefore + 550);
    expect(await storedPackage(app, pkg.id)).toMatchObject({ status: 'open', reward: 2500 });
    expect(await ledgerIsBalanced(app)).toBe(true);
    const again = await call(app, 'POST', `/api/admin/requests/${request.id}/withdraw`, admin.cookie, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
  });

  it('ends an agreement when its traveler is banned, so the difference can no longer be paid', async () => {
    const admin = await verifiedMember(app, 'counter-banner@example.test', 'Bo Banner');
    await makeAdmin(app, admin.id);
    const banned = await verifiedMember(app, 'counter-banned@example.test', 'Ben Banned');
    const { pkg, request } = await agreedAt3000(banned);
    const res = await call(app, 'POST', `/api/admin/users/${banned.id}/ban`, admin.cookie, {
      reason: 'Asked senders to pay outside the platform',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedRequest(app, request.id)).status).toBe('withdrawn');
    expect((await topUp(sender, request.id)).json().error.code).toBe('REQUEST_ALREADY_ANSWERED');
    expect((await storedPackage(app, pkg.id)).status).toBe('open');
  });
});
