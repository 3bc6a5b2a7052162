import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerBalances, payments } from '#server/db/schema/payments.ts';
import { postEntry } from '#server/modules/ledger/ledger.ts';
import { isHoldingAccount, paymentReceived, payoutToTraveler } from '#server/modules/ledger/movements.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { AppError } from '#shared/errors.ts';
import { recordRefund } from './refunds.ts';
import { releasePayment } from './release.ts';

// The ledger stays balanced, against the real ledger service and database: whatever sequence of
// payments, refunds, releases and payouts is attempted, every journal balances, all accounts sum to
// zero, no holding account goes negative, and refunds never exceed what was paid.

let app: FastifyInstance;
let senderId: string;
let travelerId: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  senderId = (await signUpVerified(app, 'ledger-sender@example.test')).id;
  travelerId = (await signUpVerified(app, 'ledger-traveler@example.test')).id;
});
afterAll(() => app.close());

type Op =
  | { op: 'refund'; p: number; amount: number; keptFee: number }
  | { op: 'release'; p: number }
  | { op: 'payout'; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('refund' as const),
    p: fc.nat(3),
    amount: fc.integer({ min: 1, max: 20_000 }),
    keptFee: fc.integer({ min: 0, max: 3_000 }),
  }),
  fc.record({ op: fc.constant('release' as const), p: fc.nat(3) }),
  fc.record({ op: fc.constant('payout' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
);

async function paidPayment(reward: number, fee: number) {
  const db = app.database.db;
  return db.transaction(async (tx) => {
    const [pkg] = await tx
      .insert(packages)
      .values({ senderId, title: 'Ledger test parcel', status: 'open' })
      .returning();
    const [payment] = await tx
      .insert(payments)
      .values({
        packageId: pkg?.id as string,
        senderId,
        provider: 'sandbox',
        status: 'succeeded',
        amount: reward + fee,
        reward,
        fee,
        currency: 'EUR',
        providerRef: `cs_sandbox_${randomUUID()}`,
      })
      .returning();
    await postEntry(
      tx,
      paymentReceived({
        paymentId: payment?.id as string,
        packageId: pkg?.id as string,
        senderId,
        amount: reward + fee,
        currency: 'EUR',
      }),
    );
    return payment as typeof payments.$inferSelect;
  });
}

/** A refused movement (AppError) is fine: it must leave nothing behind, which the invariants check. */
const attempt = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
};

/** pg and PGlite both answer raw SQL with `{ rows }`. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.database.db.execute(query)) as { rows: T[] }).rows;
}

async function checkInvariants() {
  const db = app.database.db;
  expect(await rows(sql`select entry_id from ledger_line group by entry_id having sum(amount) <> 0`)).toEqual([]);
  const [total] = await rows<{ total: string }>(sql`select coalesce(sum(amount), 0)::bigint as total from ledger_line`);
  expect(Number(total?.total)).toBe(0);

  const balances = await db.select().from(ledgerBalances);
  const sums = await rows<{ account: string; currency: string; total: string }>(
    sql`select account, currency, sum(amount)::bigint as total from ledger_line group by account, currency`,
  );
  const byAccount = new Map(sums.map((r) => [`${r.account}|${r.currency}`, Number(r.total)]));
  for (const b of balances) {
    expect(Number(b.balance)).toBe(byAccount.get(`${b.account}|${b.currency}`) ?? 0);
    if (isHoldingAccount(b.account)) expect(Number(b.balance)).toBeGreaterThanOrEqual(0);
  }

  const all = await db.select().from(payments);
  for (const p of all) expect(p.refundedAmount).toBeLessThanOrEqual(p.amount);
  const perPaymentEscrow = await rows<{ held: string }>(
    sql`select e.payment_id, sum(l.amount)::bigint as held from ledger_line l join ledger_entry e on e.id = l.entry_id
        where l.account = 'escrow' and e.payment_id is not null group by e.payment_id`,
  );
  for (const row of perPaymentEscrow) expect(Number(row.held)).toBeGreaterThanOrEqual(0);
  const refunded = all.reduce((s, p) => s + p.refundedAmount, 0);
  const [refundsAccount] = balances.filter((b) => b.account === 'refunds');
  expect(Number(refundsAccount?.balance ?? 0)).toBe(refunded);
}

it('keeps the ledger whole under any sequence of movements', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({ reward: fc.integer({ min: 500, max: 10_000 }), fee: fc.integer({ min: 100, max: 1_000 }) }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
      fc.array(opArb, { maxLength: 12 }),
      async (paid, ops) => {
        const made = [];
        for (const p of paid) made.push(await paidPayment(p.reward, p.fee));
        let n = 0;
        for (const op of ops) {
          const payment = made[('p' in op ? op.p : 0) % made.length] as (typeof made)[number];
          n += 1;
          if (op.op === 'refund') {
            await attempt(() =>
              app.database.db.transaction((tx) =>
                recordRefund(tx, {
                  paymentId: payment.id,
                  refund: op.amount,
                  keptFee: op.keptFee,
                  key: `prop-${n}-${randomUUID()}`,
                  actorId: null,
                }),
              ),
            );
          } else if (op.op === 'release') {
            await attempt(() =>
              app.database.db.transaction((tx) => releasePayment(tx, { packageId: payment.packageId, travelerId })),
            );
          } else {
            await attempt(() =>
              app.database.db.transaction((tx) =>
                postEntry(
                  tx,
                  payoutToTraveler({ payoutId: randomUUID(), travelerId, amount: op.amount, currency: 'EUR' }),
                ),
              ),
            );
          }
        }
        await checkInvariants();
      },
    ),
    { numRuns: 25 },
  );
});
