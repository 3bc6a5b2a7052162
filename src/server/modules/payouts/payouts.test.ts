import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { ledgerEntries, payouts } from '#server/db/schema/payments.ts';
import { SealedDataError } from '#server/lib/crypto.ts';
import { earn, IBANS, verifiedMember } from '#server/modules/balances/test/helpers.ts';
import { balanceOf } from '#server/modules/ledger/ledger.ts';
import { accounts } from '#server/modules/ledger/movements.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import type { Balance } from '#shared/balances.ts';
import type { Payout, PayoutPage } from '#shared/payouts.ts';
import { bankDetailsKey, openBankDetails, sealBankDetails } from './bank-details.ts';

// POST /api/payouts and GET /api/payouts (ADR 0019). With DATABASE_URL set (CI's second
// run) the concurrent requests really race on separate PostgreSQL connections.

let app: FastifyInstance;
let senderId: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  senderId = (await signUpVerified(app, 'payout-sender@example.test', 'Sandra Sender')).id;
});
afterAll(() => app.close());

// The app under test reads the same environment, so it seals with this very key.
const key = bankDetailsKey(loadConfig({ NODE_ENV: 'test' }).authSecret);
const bankDetails = { accountHolder: 'Tara Traveler', iban: 'DE89 3704 0044 0532 0130 00' };

const ask = (cookie: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

async function travelerWith(email: string, rewards: number[]) {
  const traveler = await verifiedMember(app, email);
  for (const reward of rewards) await earn(app, { senderId, travelerId: traveler.id, reward });
  return traveler;
}

const available = (travelerId: string) => balanceOf(app.database.db, accounts.traveler(travelerId), 'EUR');
const payoutsOf = (travelerId: string) =>
  app.database.db.select().from(payouts).where(eq(payouts.travelerId, travelerId));
const payoutEntries = async () =>
  (await app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'payout'))).length;

describe('POST /api/payouts', () => {
  it('is for signed-in, verified members', async () => {
    expect((await ask(undefined, { amount: 1000, bankDetails })).statusCode).toBe(401);
    const unverified = await signUpVerified(app, 'payout-unverified@example.test');
    const res = await ask(unverified.cookie, { amount: 1000, bankDetails });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('PROFILE_NOT_VERIFIED');
  });

  it('names each bad field', async () => {
    const traveler = await travelerWith('payout-fields@example.test', [5000]);
    const res = await ask(traveler.cookie, {
      amount: 12.5,
      currency: 'JPY',
      bankDetails: { accountHolder: '', iban: 'DE89370400440532013001' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual(['amount', 'bankDetails.accountHolder', 'bankDetails.iban', 'currency']);
    expect(fields['bankDetails.iban']).toEqual(['This IBAN is not valid: check it for a typo']);
    expect((await ask(traveler.cookie, { amount: 1000 })).json().error.fields).toHaveProperty('bankDetails');
    expect(await payoutsOf(traveler.id)).toEqual([]);
  });

  it('refuses a payout to a Stripe account when Stripe is not configured, naming the field', async () => {
    const traveler = await travelerWith('payout-no-stripe@example.test', [5000]);
    const res = await ask(traveler.cookie, {
      method: 'stripe_connect',
      amount: 1000,
      stripeAccountId: 'acct_1032D82eZvKYlo2C',
    });
    expect(res.statusCode).toBe(400);
    const message =
      'Payouts to a Stripe account are not available here, because Stripe is not set up on this server. Ask for a payout to your bank account.';
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { method: [message] } });
    expect(await payoutsOf(traveler.id)).toEqual([]);
    expect(await available(traveler.id)).toBe(5000);
  });

  it('refuses more than is available, and writes nothing', async () => {
    const traveler = await travelerWith('payout-over@example.test', [2500]);
    const entriesBefore = await payoutEntries();
    const res = await ask(traveler.cookie, { amount: 2501, bankDetails });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'PAYOUT_OVER_BALANCE',
      params: { available: 2500, currency: 'EUR' },
    });
    expect(await payoutsOf(traveler.id)).toEqual([]);
    expect(await payoutEntries()).toBe(entriesBefore);
    expect(await available(traveler.id)).toBe(2500);

    const broke = await verifiedMember(app, 'payout-broke@example.test');
    const none = await ask(broke.cookie, { amount: 100, bankDetails });
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({ code: 'PAYOUT_OVER_BALANCE', params: { available: 0 } });
    // A balance in euros is not a balance in pounds.
    expect((await ask(traveler.cookie, { amount: 100, currency: 'GBP', bankDetails })).statusCode).toBe(409);
  });

  it('takes the amount out of the available balance in the same step, and lists it as mine', async () => {
    const traveler = await travelerWith('payout-ok@example.test', [2500, 1500]);
    const res = await ask(traveler.cookie, { amount: 3000, bankDetails });
    expect(res.statusCode).toBe(201);
    const payout = res.json() as Payout;
    expect(payout).toMatchObject({
      amount: 3000,
      currency: 'EUR',
      status: 'requested',
      bankLast4: '3000',
      sentAt: null,
    });
    expect(await available(traveler.id)).toBe(1000);
    const [entry] = await app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id));
    expect(entry).toMatchObject({ kind: 'payout', createdBy: traveler.id });

    const balance = (await app.inject({ url: '/api/balance', headers: { cookie: traveler.cookie } })).json() as Balance;
    expect(balance.currencies[0]).toMatchObject({ available: 1000, requested: 3000, paidOut: 0 });

    const second = await ask(traveler.cookie, { amount: 1000, bankDetails: { ...bankDetails, iban: IBANS.gb } });
    expect(second.statusCode).toBe(201);
    const mine = (await app.inject({ url: '/api/payouts', headers: { cookie: traveler.cookie } })).json() as PayoutPage;
    expect(mine.items.map((p) => [p.amount, p.bankLast4])).toEqual([
      [1000, '5432'],
      [3000, '3000'],
    ]);
    const firstPage = (
      await app.inject({ url: '/api/payouts?limit=1', headers: { cookie: traveler.cookie } })
    ).json() as PayoutPage;
    expect(firstPage.items).toHaveLength(1);
    const next = (
      await app.inject({
        url: `/api/payouts?limit=1&cursor=${firstPage.nextCursor}`,
        headers: { cookie: traveler.cookie },
      })
    ).json() as PayoutPage;
    expect(next.items.map((p) => p.amount)).toEqual([3000]);
    expect(next.nextCursor).toBeNull();
    expect((await app.inject({ url: '/api/payouts' })).statusCode).toBe(401);
    const stranger = await signUpVerified(app, 'payout-stranger@example.test');
    expect(
      ((await app.inject({ url: '/api/payouts', headers: { cookie: stranger.cookie } })).json() as PayoutPage).items,
    ).toEqual([]);
  });

  it('never lets requests at the same time take out more than is available', async () => {
    for (let round = 0; round < 3; round++) {
      const traveler = await travelerWith(`payout-race-${round}@example.test`, [10_000]);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => ask(traveler.cookie, { amount: 3000, bankDetails })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 201, 201, 409, 409, 409]);
      expect(await available(traveler.id)).toBe(1000);
      const rows = await payoutsOf(traveler.id);
      expect(rows.map((r) => r.amount)).toEqual([3000, 3000, 3000]);
      const [sum] = (
        (await app.database.db.execute(
          sql`select coalesce(sum(amount), 0)::bigint as total from ledger_line where account = ${accounts.traveler(traveler.id)}`,
        )) as unknown as { rows: { total: string }[] }
      ).rows;
      expect(Number(sum?.total)).toBe(1000);
    }
  });
});

describe('bank details at rest', () => {
  it('stores them sealed: no IBAN or name in the row, only the last 4, and they open with the app key', async () => {
    const traveler = await travelerWith('payout-sealed@example.test', [5000]);
    const iban = IBANS.fr;
    const res = await ask(traveler.cookie, { amount: 2000, bankDetails: { accountHolder: 'Tara Q. Traveler', iban } });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as Payout;

    // The whole row as the database holds it, as text: neither the IBAN nor the holder's name is in it.
    const { rows } = (await app.database.db.execute(
      sql`select row_to_json(p)::text as json from payout p where id = ${id}`,
    )) as unknown as { rows: { json: string }[] };
    const stored = rows[0]?.json ?? '';
    expect(stored).toContain(id);
    expect(stored).not.toContain(iban);
    expect(stored).not.toContain(iban.slice(4, 16));
    expect(stored).not.toContain('Tara Q. Traveler');
    const [row] = await payoutsOf(traveler.id);
    expect(row?.bankLast4).toBe('2606');
    expect(row?.bankDetailsEncrypted).toMatch(/^v1\./);

    expect(openBankDetails(key, id, row?.bankDetailsEncrypted as string)).toEqual({
      accountHolder: 'Tara Q. Traveler',
      iban,
    });
    // Bound to its payout: copied onto another one, it does not open.
    expect(() => openBankDetails(key, traveler.id, row?.bankDetailsEncrypted as string)).toThrow(SealedDataError);
    // Another app secret cannot read it.
    expect(() =>
      openBankDetails(
        bankDetailsKey('another-secret-of-at-least-32-characters!!'),
        id,
        row?.bankDetailsEncrypted as string,
      ),
    ).toThrow(SealedDataError);
  });

  it('seals the same details differently each time', () => {
    const a = sealBankDetails(key, 'p1', { accountHolder: 'A B', iban: IBANS.de });
    const b = sealBankDetails(key, 'p1', { accountHolder: 'A B', iban: IBANS.de });
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.last4).toBe('3000');
  });
});
