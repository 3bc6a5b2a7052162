import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { notification } from '#server/db/schema/notifications.ts';
import { ledgerBalances, ledgerEntries, ledgerLines, payments } from '#server/db/schema/payments.ts';
import { makeAdmin, memberReadyForKyc } from '#server/modules/kyc/test/helpers.ts';
import { createDraft } from '#server/modules/packages/test/helpers.ts';
import { signUpVerified } from '#server/test/users.ts';

/** A member who may publish: e-mail, mobile and an approved identity check (through an admin). */
export async function verifiedSender(app: FastifyInstance, email: string, name = 'Paying Sender') {
  const member = await memberReadyForKyc(app, email, name);
  const admin = await signUpVerified(app, `admin-for-${email}`, 'Approving Admin');
  await makeAdmin(app, admin.id);
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/users/${member.id}/kyc/decision`,
    headers: { cookie: admin.cookie },
    payload: { decision: 'approve', note: 'Approved for payment tests' },
  });
  if (res.statusCode !== 200) throw new Error(`kyc approval failed: ${res.body}`);
  return member;
}

export async function draftFor(app: FastifyInstance, cookie: string) {
  return createDraft(app, cookie);
}

export async function startPayment(app: FastifyInstance, cookie: string, packageId: string) {
  return app.inject({ method: 'POST', url: `/api/packages/${packageId}/payments`, headers: { cookie } });
}

/** Pays a checkout on the sandbox's card page, as the sender's browser does (a test card that goes through). */
export function payOnSandbox(app: FastifyInstance, cookie: string, checkoutUrl: string, name = 'Sam Sender') {
  const ref = new URL(checkoutUrl).pathname.split('/').at(-1) as string;
  return app.inject({
    method: 'POST',
    url: `/api/payments/sandbox/${ref}/pay`,
    headers: { cookie },
    payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name },
  });
}

export async function balance(app: FastifyInstance, account: string, currency = 'EUR') {
  const [row] = await app.database.db
    .select({ balance: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(eq(ledgerBalances.account, account), eq(ledgerBalances.currency, currency)));
  return Number(row?.balance ?? 0);
}

export async function entriesOf(app: FastifyInstance, paymentId: string) {
  return app.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
}

/** Every entry's lines sum to zero, and so does the whole ledger. */
export async function ledgerIsBalanced(app: FastifyInstance) {
  const perEntry = await app.database.db
    .select({ entryId: ledgerLines.entryId, sum: sql<string>`sum(${ledgerLines.amount})` })
    .from(ledgerLines)
    .groupBy(ledgerLines.entryId);
  const [total] = await app.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
    .from(ledgerLines);
  return perEntry.every((e) => Number(e.sum) === 0) && Number(total?.sum) === 0;
}

/**
 * A checkout paid for another amount or currency (ADR 0033): nothing booked, the draft still a draft,
 * the payment flagged with what was reported and refunded, the admins told and the admin API showing it.
 */
export async function expectMismatchRefused(
  app: FastifyInstance,
  input: {
    paymentId: string;
    packageId: string;
    senderCookie: string;
    escrowBefore: number;
    paid: { amount: number; currency: string };
  },
) {
  expect(await entriesOf(app, input.paymentId)).toHaveLength(0);
  expect(await balance(app, 'escrow')).toBe(input.escrowBefore);
  expect(await ledgerIsBalanced(app)).toBe(true);
  const pkg = await app.inject({ url: `/api/packages/${input.packageId}`, headers: { cookie: input.senderCookie } });
  expect(pkg.json().status).toBe('draft');
  const [row] = await app.database.db.select().from(payments).where(eq(payments.id, input.paymentId));
  expect(row).toMatchObject({
    status: 'amount_mismatch',
    paidAmount: input.paid.amount,
    paidCurrency: input.paid.currency,
    refundedAmount: 0,
  });
  expect(row?.paidRefundedAt).toBeInstanceOf(Date);

  const admin = await signUpVerified(app, `mismatch-admin-${input.paymentId}@example.test`, 'Money Admin');
  await makeAdmin(app, admin.id);
  const listed = await app.inject({
    url: `/api/admin/payments?packageId=${input.packageId}`,
    headers: { cookie: admin.cookie },
  });
  expect(listed.statusCode).toBe(200);
  expect(listed.json().items[0]).toMatchObject({
    id: input.paymentId,
    status: 'amount_mismatch',
    refundable: 0,
    mismatch: { paidAmount: input.paid.amount, paidCurrency: input.paid.currency, refundedAt: expect.any(String) },
  });
  const alerts = await app.database.db
    .select()
    .from(notification)
    .where(eq(notification.type, 'payment_amount_mismatch'));
  expect(alerts.some((n) => (n.data as { paymentId?: string }).paymentId === input.paymentId)).toBe(true);
}
