import { and, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { payouts } from '#server/db/schema/payments.ts';
import { type DataKey, SealedDataError } from '#server/lib/crypto.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { type PaymentProvider, PaymentProviderError } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { formatMoney } from '#shared/money.ts';
import type {
  AdminPayout,
  AdminPayoutBankDetails,
  AdminPayoutListQuery,
  AdminPayoutPage,
  MarkPayoutSent,
} from '#shared/payouts.ts';
import { openBankDetails } from './bank-details.ts';
import { type PayoutRow, toPayout } from './service.ts';

// The back office's side of payouts (docs/product.md §5, §8): the queue to send, reading the bank details
// to send one, and marking it sent (for a Stripe account, that is the transfer: ADR 0026). Every admin
// action lands in the audit log.

const traveler = alias(user, 'traveler');
const sender = alias(user, 'sent_by_user');

function adminPayoutQuery(db: Database) {
  return db
    .select({
      row: payouts,
      exactCreatedAt: exactTime(payouts.createdAt),
      traveler: { id: traveler.id, name: traveler.name, email: traveler.email },
      sentByName: sender.name,
    })
    .from(payouts)
    .innerJoin(traveler, eq(traveler.id, payouts.travelerId))
    .leftJoin(sender, eq(sender.id, payouts.sentBy));
}

type AdminPayoutResult = Awaited<ReturnType<ReturnType<typeof adminPayoutQuery>['execute']>>[number];

function toAdminPayout(r: AdminPayoutResult): AdminPayout {
  return {
    ...toPayout(r.row),
    traveler: r.traveler,
    reference: r.row.providerRef,
    sentBy: r.row.sentBy ? { id: r.row.sentBy, name: r.sentByName ?? 'Deleted member' } : null,
  };
}

/** Payouts, newest first, optionally only those requested (to send) or sent. */
export async function listPayouts(db: Database, query: AdminPayoutListQuery): Promise<AdminPayoutPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payouts.status, query.status));
  if (query.cursor) {
    conditions.push(afterTimeCursor(payouts.createdAt, payouts.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await adminPayoutQuery(db)
    .where(and(...conditions))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminPayout),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.row.id]) : null,
  };
}

async function getAdminPayout(db: Database, id: string): Promise<AdminPayout> {
  const [found] = await adminPayoutQuery(db).where(eq(payouts.id, id));
  if (!found) throw new AppError('PAYOUT_NOT_FOUND');
  return toAdminPayout(found);
}

/**
 * A payout to a Stripe Connect account is sent by the provider: one transfer, keyed by the payout's
 * id, so a retry after a lost answer gets the same transfer back. Its failure is the admin's to see
 * (Stripe's own words, never a key) and changes nothing: the caller's transaction rolls back.
 */
async function transferToStripe(provider: PaymentProvider, payout: PayoutRow): Promise<string> {
  if (!provider.payout || !payout.stripeAccountId) {
    throw new AppError('PAYOUT_STRIPE_NOT_CONFIGURED');
  }
  try {
    const { providerTransferRef } = await provider.payout({
      payoutId: payout.id,
      amount: payout.amount,
      currency: toPayout(payout).currency,
      destination: payout.stripeAccountId,
    });
    return providerTransferRef;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    const refused = err.httpStatus !== null && err.httpStatus < 500;
    throw new AppError('TRANSFER_FAILED', {
      params: { destination: payout.stripeAccountId, ...(refused ? { reason: err.message } : {}) },
      detail: `${refused ? 'refused' : 'unconfirmed'}: ${err.message}`,
    });
  }
}

function sentMessage(payout: PayoutRow, money: string): string {
  if (payout.method === 'stripe_connect') {
    return `${money} was transferred to your Stripe account ${payout.stripeAccountId ?? ''}. Stripe pays it out to your bank on your account’s payout schedule.`;
  }
  return `${money} was sent to your bank account ending ${payout.bankLast4 ?? '····'}. Banks usually take 1–3 working days.`;
}

/**
 * requested → sent, once. For a bank payout the admin has made the transfer and gives its reference;
 * for a Stripe account this makes the transfer (its id is the reference). The money left the
 * traveler's balance when they asked (the ledger entry was posted then), so nothing moves in the
 * ledger here. The payout's row lock is held across the transfer: a second "mark sent" waits, then
 * finds it sent (409), so two clicks at once are one transfer.
 */
export async function markPayoutSent(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  adminId: string,
  payoutId: string,
  input: MarkPayoutSent,
): Promise<AdminPayout> {
  await notifier.transaction(db, async (tx, notify) => {
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout) throw new AppError('PAYOUT_NOT_FOUND');
    if (payout.travelerId === adminId) {
      throw new AppError('OWN_PAYOUT');
    }
    if (payout.status === 'sent') {
      throw new AppError('PAYOUT_ALREADY_SENT', {
        ...(payout.sentAt ? { params: { sentOn: payout.sentAt.toISOString().slice(0, 10) } } : {}),
      });
    }
    const toStripe = payout.method === 'stripe_connect';
    const reference = toStripe ? await transferToStripe(provider, payout) : input.reference || null;
    const sentAt = new Date();
    await tx
      .update(payouts)
      .set({ status: 'sent', sentAt, sentBy: adminId, providerRef: reference })
      .where(eq(payouts.id, payoutId));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payout.mark_sent',
      subject: { type: 'payout', id: payoutId },
      before: { status: payout.status },
      after: { status: 'sent', reference },
      reason: input.note || null,
      data: {
        travelerId: payout.travelerId,
        amount: payout.amount,
        currency: payout.currency,
        method: payout.method,
        ...(toStripe ? { destination: payout.stripeAccountId } : {}),
      },
    });
    const money = formatMoney(payout.amount, toPayout(payout).currency, 'en');
    await notify({
      userId: payout.travelerId,
      type: 'payout_sent',
      title: 'Your payout is on its way',
      body: sentMessage(payout, money),
      link: '/user/dashboard',
      data: { payoutId, amount: payout.amount, currency: payout.currency },
    });
  });
  return getAdminPayout(db, payoutId);
}

/** The full bank details, for the admin making the transfer; each read is in the audit log. */
export async function revealBankDetails(
  db: Database,
  key: DataKey,
  adminId: string,
  payoutId: string,
): Promise<AdminPayoutBankDetails> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) throw new AppError('PAYOUT_NOT_FOUND');
  if (!payout.bankDetailsEncrypted) {
    throw new AppError('PAYOUT_HAS_NO_BANK_DETAILS', { params: { method: payout.method } });
  }
  let details: ReturnType<typeof openBankDetails>;
  try {
    details = openBankDetails(key, payout.id, payout.bankDetailsEncrypted);
  } catch (err) {
    if (!(err instanceof SealedDataError)) throw err;
    throw new AppError('BANK_DETAILS_UNREADABLE', { detail: 'sealed with another app secret' });
  }
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: adminId,
      action: 'payout.bank_details_viewed',
      subject: { type: 'payout', id: payoutId },
      data: { travelerId: payout.travelerId },
    }),
  );
  return { payoutId: payout.id, ...details };
}
