import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts } from '#server/db/schema/payments.ts';
import { postEntry } from '#server/modules/ledger/ledger.ts';
import { entryKinds, payoutToTraveler } from '#server/modules/ledger/movements.ts';
import { recordRefund } from '#server/modules/payments/refunds.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { type Balance, type BalanceTransactionPage, ledgerEntryKinds } from '#shared/balances.ts';
import { carriedPaidPackage, earn, release } from './test/helpers.ts';

// GET /api/balance and /api/balance/transactions (ADR 0019): what a traveler sees of their
// money, from the real ledger.

let app: FastifyInstance;
let senderId: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  senderId = (await signUpVerified(app, 'balance-sender@example.test', 'Sandra Sender')).id;
});
afterAll(() => app.close());

const getBalance = async (cookie: string) => {
  const res = await app.inject({ url: '/api/balance', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as Balance;
};
const transactions = (cookie: string, query = '') =>
  app.inject({ url: `/api/balance/transactions${query}`, headers: { cookie } });

/** A payout as the payouts service writes it: the row and its ledger entry. */
async function payout(travelerId: string, amount: number, status: 'requested' | 'sent') {
  const id = randomUUID();
  await app.database.db.transaction(async (tx) => {
    await tx.insert(payouts).values({ id, travelerId, amount, currency: 'EUR', status, bankLast4: '3000' });
    await postEntry(tx, payoutToTraveler({ payoutId: id, travelerId, amount, currency: 'EUR' }));
  });
  return id;
}

describe('GET /api/balance', () => {
  it('is for signed-in members only', async () => {
    expect((await app.inject({ url: '/api/balance' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/balance/transactions' })).statusCode).toBe(401);
  });

  it('is all zeros in euros for a member who has carried nothing', async () => {
    const member = await signUpVerified(app, 'balance-new@example.test');
    expect(await getBalance(member.cookie)).toEqual({
      currencies: [{ currency: 'EUR', available: 0, pending: 0, paidOut: 0, requested: 0 }],
    });
    expect((await transactions(member.cookie)).json()).toEqual({ items: [], nextCursor: null });
  });

  it('follows a reward from escrow (pending) to available, then to requested and paid out', async () => {
    const traveler = await signUpVerified(app, 'balance-flow@example.test');
    const first = await carriedPaidPackage(app, { senderId, travelerId: traveler.id, reward: 2500, fee: 250 });
    await carriedPaidPackage(app, { senderId, travelerId: traveler.id, reward: 1000, fee: 100 });
    // Someone else's package, and a paid package nobody carries yet, are not this traveler's.
    const other = await signUpVerified(app, 'balance-other@example.test');
    await carriedPaidPackage(app, { senderId, travelerId: other.id, reward: 9999 });
    expect((await getBalance(traveler.cookie)).currencies[0]).toEqual({
      currency: 'EUR',
      available: 0,
      pending: 3500,
      paidOut: 0,
      requested: 0,
    });

    await release(app, first.packageId, traveler.id);
    expect((await getBalance(traveler.cookie)).currencies[0]).toMatchObject({ available: 2500, pending: 1000 });

    await payout(traveler.id, 500, 'sent');
    await payout(traveler.id, 700, 'requested');
    expect((await getBalance(traveler.cookie)).currencies[0]).toEqual({
      currency: 'EUR',
      available: 1300,
      pending: 1000,
      paidOut: 500,
      requested: 700,
    });
  });

  it('leaves out a payment refunded before delivery', async () => {
    const traveler = await signUpVerified(app, 'balance-refunded@example.test');
    const carried = await carriedPaidPackage(app, { senderId, travelerId: traveler.id, reward: 2000, fee: 200 });
    await app.database.db.transaction((tx) =>
      recordRefund(tx, { paymentId: carried.paymentId, refund: 2000, keptFee: 200, key: 'test', actorId: null }),
    );
    expect((await getBalance(traveler.cookie)).currencies[0]).toMatchObject({ pending: 0, available: 0 });
  });

  it('keeps each currency apart, euros first', async () => {
    const traveler = await signUpVerified(app, 'balance-currencies@example.test');
    await earn(app, { senderId, travelerId: traveler.id, reward: 1200, currency: 'USD' });
    await carriedPaidPackage(app, { senderId, travelerId: traveler.id, reward: 800, currency: 'GBP' });
    expect((await getBalance(traveler.cookie)).currencies).toEqual([
      { currency: 'EUR', available: 0, pending: 0, paidOut: 0, requested: 0 },
      { currency: 'GBP', available: 0, pending: 800, paidOut: 0, requested: 0 },
      { currency: 'USD', available: 1200, pending: 0, paidOut: 0, requested: 0 },
    ]);
  });
});

describe('GET /api/balance/transactions', () => {
  it('pages through my account lines newest first, with kind, memo, package and payout', async () => {
    const traveler = await signUpVerified(app, 'balance-history@example.test');
    const rewards = [1100, 1200, 1300, 1400, 1500];
    const packageIds: string[] = [];
    for (const [i, reward] of rewards.entries()) {
      packageIds.push(
        (await earn(app, { senderId, travelerId: traveler.id, reward, title: `Parcel ${i + 1}` })).packageId,
      );
    }
    const payoutId = await payout(traveler.id, 600, 'requested');
    // Another traveler's lines never show.
    const other = await signUpVerified(app, 'balance-history-other@example.test');
    await earn(app, { senderId, travelerId: other.id, reward: 4242 });

    const seen: BalanceTransactionPage['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await transactions(traveler.cookie, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as BalanceTransactionPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(seen.map((t) => t.amount)).toEqual([-600, 1500, 1400, 1300, 1200, 1100]);
    expect(new Set(seen.map((t) => t.id)).size).toBe(6);
    expect(seen[0]).toMatchObject({
      kind: 'payout',
      memo: 'Payout to the traveler',
      currency: 'EUR',
      packageId: null,
      packageTitle: null,
      payout: { id: payoutId, status: 'requested', bankLast4: '3000' },
    });
    expect(seen[1]).toMatchObject({
      kind: 'completion',
      memo: 'Delivery completed: reward released',
      packageId: packageIds[4],
      packageTitle: 'Parcel 5',
      payout: null,
    });
    const times = seen.map((t) => Date.parse(t.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('refuses a forged cursor and a bad limit, naming the field', async () => {
    const member = await signUpVerified(app, 'balance-cursor@example.test');
    const forged = Buffer.from(JSON.stringify(['yesterday', "1' or 1=1"])).toString('base64url');
    const bad = await transactions(member.cookie, `?cursor=${forged}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('cursor');
    const limit = await transactions(member.cookie, '?limit=500');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error.fields).toHaveProperty('limit');
  });
});

it("names the server's entry kinds exactly as the contract does", () => {
  expect([...ledgerEntryKinds]).toEqual([...entryKinds]);
});
