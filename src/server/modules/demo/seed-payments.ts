import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, exists, inArray, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packageEvents, packages } from '#server/db/schema/packages.ts';
import { ledgerEntries, payments, payouts } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { DataKey } from '#server/lib/crypto.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import {
  accounts,
  balanceOf,
  type EntryKind,
  paymentReceived,
  payoutToTraveler,
  postEntry,
} from '#server/modules/ledger/public.ts';
import type { PaymentRow } from '#server/modules/payments/public.ts';
import { recordRefund, refundPolicy, releasePayment, returnPage } from '#server/modules/payments/public.ts';
import { sealBankDetails } from '#server/modules/payouts/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { type Currency, platformFee } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import { bankDetailsSchema } from '#shared/payouts.ts';
import type { Settings } from '#shared/settings.ts';

// Demo mode's money: what the demo packages' timelines imply had the members really
// paid. Every package that was published paid reward + fee into escrow when it was; completion and
// the Tea set's dispute released it, the cancelled and expired ones were refunded per docs/product.md §5,
// and Tess was paid out what her first two deliveries earned (the "Payout sent" notification). Posted
// through the ledger's and the payments' own functions, so the journal balances, the running balances
// agree with it, and confirming, resolving or auto-completing a seeded package finds its money.

const SENDER = 'sender@tagalong.test';
const TRAVELER = 'traveler@tagalong.test';
const ADMIN = 'admin@tagalong.test';
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** Tess's payout: her two euro rewards (Board game, Wireless headphones), asked for and sent since. */
export const demoPayout = {
  amount: 3500,
  currency: 'EUR' as Currency,
  requestedDaysAgo: 7,
  sentDaysAgo: 6,
  bankDetails: { accountHolder: 'Tess Traveler', iban: 'DE89 3704 0044 0532 0130 00' },
  reference: 'DEMO-TRANSFER-0001',
};

/** Payments that went through, and so are (or were) in escrow. */
const wentThrough = ['succeeded', 'partially_refunded', 'refunded'];

interface Event {
  from: string | null;
  to: string;
  actorId: string | null;
  at: Date;
}

export interface DemoPaymentOptions {
  /** The sandbox makes the checkouts' references, as it does for a real one. */
  sandbox: Pick<PaymentProvider, 'createCheckout'>;
  baseUrl: string;
  bankKey: DataKey;
  /** The fees are the ones in force, as a checkout would charge them. */
  settings: SettingsStore;
}

/**
 * Seeds the money of the demo members' published packages that have no payment yet (the first start,
 * or a demo seeded before payments were), and Tess's payout if she has none; so a restart adds
 * nothing. One transaction: all of it or none.
 */
export async function seedDemoPayments(
  db: Database,
  log: FastifyBaseLogger,
  options: DemoPaymentOptions,
  now = new Date(),
): Promise<void> {
  const members = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, [SENDER, TRAVELER, ADMIN]));
  const idOf = (email: string) => members.find((m) => m.email === email)?.id;
  const senderId = idOf(SENDER);
  const travelerId = idOf(TRAVELER);
  if (!senderId || !travelerId) return;
  const settings = await options.settings.current();

  const done = await db.transaction(async (tx) => {
    const unpaid = await tx
      .select()
      .from(packages)
      .where(
        and(
          inArray(packages.senderId, [senderId, travelerId]),
          exists(
            tx
              .select({ one: sql`1` })
              .from(packageEvents)
              .where(and(eq(packageEvents.packageId, packages.id), eq(packageEvents.toStatus, 'open'))),
          ),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(payments)
              .where(and(eq(payments.packageId, packages.id), inArray(payments.status, wentThrough))),
          ),
        ),
      )
      .orderBy(asc(packages.publishedAt));
    let paid = 0;
    const checkout = { ...options, emailOf: (id: string) => members.find((m) => m.id === id)?.email ?? SENDER };
    for (const pkg of unpaid) if (await settle(tx, pkg, settings, checkout)) paid++;
    const paidOut = await payOut(tx, options.bankKey, { travelerId, adminId: idOf(ADMIN) ?? null }, now);
    return { paid, paidOut };
  });
  if (done.paid > 0 || done.paidOut) log.info(done, 'demo payments and payout created');
}

function timelineOf(tx: Transaction, packageId: string): Promise<Event[]> {
  return tx
    .select({
      from: packageEvents.fromStatus,
      to: packageEvents.toStatus,
      actorId: packageEvents.actorId,
      at: packageEvents.createdAt,
    })
    .from(packageEvents)
    .where(eq(packageEvents.packageId, packageId))
    .orderBy(asc(packageEvents.createdAt));
}

/** postEntry dates an entry when it is posted; the demo's happened when the timeline says. */
async function dateEntries(tx: Transaction, paymentId: string, kinds: EntryKind[], at: Date) {
  await tx
    .update(ledgerEntries)
    .set({ createdAt: at })
    .where(and(eq(ledgerEntries.paymentId, paymentId), inArray(ledgerEntries.kind, kinds)));
}

/**
 * One package's money, as the services would have moved it at each step of its timeline: the
 * webhook's payment into escrow at "open", then completion's (or the dispute's) release, or the
 * refund cancelling or expiring it made, keyed as those services key theirs.
 */
async function settle(
  tx: Transaction,
  pkg: typeof packages.$inferSelect,
  settings: Settings,
  options: DemoPaymentOptions & { emailOf: (userId: string) => string },
): Promise<boolean> {
  const events = await timelineOf(tx, pkg.id);
  const published = events.find((e) => e.to === 'open');
  if (!published || pkg.reward === null) return false;
  const currency = pkg.currency as Currency;
  const reward = pkg.reward;
  const fee = platformFee(reward, settings);
  const id = randomUUID();
  const checkout = await options.sandbox.createCheckout({
    paymentId: id,
    packageId: pkg.id,
    packageTitle: pkg.title,
    amount: reward + fee,
    currency,
    customerEmail: options.emailOf(pkg.senderId),
    successUrl: returnPage(options.baseUrl, pkg.id),
    cancelUrl: `${returnPage(options.baseUrl, pkg.id)}?cancelled=1`,
  });
  const [payment] = await tx
    .insert(payments)
    .values({
      id,
      packageId: pkg.id,
      senderId: pkg.senderId,
      provider: 'sandbox',
      status: 'succeeded',
      amount: reward + fee,
      reward,
      fee,
      currency,
      providerRef: checkout.providerRef,
      providerPaymentRef: `pi_sandbox_${randomBytes(18).toString('base64url')}`,
      checkoutUrl: checkout.url,
      // The checkout opened a few minutes before the payment went through.
      createdAt: new Date(published.at.getTime() - 3 * MINUTE),
      updatedAt: published.at,
    })
    .returning();
  const row = payment as PaymentRow;
  await postEntry(
    tx,
    paymentReceived({ paymentId: id, packageId: pkg.id, senderId: pkg.senderId, amount: row.amount, currency }),
  );
  await dateEntries(tx, id, ['payment_received'], published.at);

  const last = events.at(-1) as Event;
  const status = pkg.status as PackageStatus;
  if (status === 'completed' && pkg.travelerId) {
    const kind = last.from === 'disputed' ? 'dispute_release' : 'completion';
    await releasePayment(tx, { packageId: pkg.id, travelerId: pkg.travelerId, kind, actorId: last.actorId });
    await dateEntries(tx, id, [kind], last.at);
  } else {
    const refund = refundOf(status, last.from as PackageStatus | null, row);
    if (refund) {
      await recordRefund(tx, { paymentId: id, ...refund, actorId: last.actorId });
      await dateEntries(tx, id, ['refund', 'refund_minus_fee', 'dispute_refund'], last.at);
      await tx.update(payments).set({ updatedAt: last.at }).where(eq(payments.id, id));
    }
  }

  // What handover.ts and complete.ts stamp; a demo seeded before seed-packages.ts stamped them lacks them.
  const deliveredAt = events.findLast((e) => e.to === 'delivered')?.at;
  const completedAt = status === 'completed' ? last.at : undefined;
  if ((deliveredAt && !pkg.deliveredAt) || (completedAt && !pkg.completedAt)) {
    await tx
      .update(packages)
      .set({ deliveredAt: pkg.deliveredAt ?? deliveredAt ?? null, completedAt: pkg.completedAt ?? completedAt ?? null })
      .where(eq(packages.id, pkg.id));
  }
  return true;
}

/**
 * The refund that ended a package, keyed as the service that made it keys it: cancelPaidPackage by
 * the status it cancelled from, expirePackage, and resolveDispute for the sender (all of it back).
 */
function refundOf(
  status: PackageStatus,
  from: PackageStatus | null,
  payment: PaymentRow,
): { refund: number; keptFee: number; key: string; kind?: 'dispute_refund' } | null {
  if (status === 'refunded') return { refund: payment.amount, keptFee: 0, key: 'dispute', kind: 'dispute_refund' };
  const policy =
    status === 'expired'
      ? refundPolicy('expired', payment)
      : status === 'cancelled' && from
        ? refundPolicy(from, payment)
        : null;
  if (!policy) return null;
  return { ...policy, key: status === 'expired' ? 'expire' : `cancel-${from}` };
}

/**
 * Tess's payout as requestPayout and markPayoutSent leave one: sealed bank details, the entry
 * traveler → payouts when she asked, then sent by Alex Admin with a transfer reference and an audit
 * line. Only if she has never had one and her balance holds it.
 */
async function payOut(
  tx: Transaction,
  bankKey: DataKey,
  who: { travelerId: string; adminId: string | null },
  now: Date,
): Promise<boolean> {
  const [any] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.travelerId, who.travelerId))
    .limit(1);
  if (any) return false;
  const { amount, currency } = demoPayout;
  if ((await balanceOf(tx, accounts.traveler(who.travelerId), currency)) < amount) return false;
  const id = randomUUID();
  const requestedAt = new Date(now.getTime() - demoPayout.requestedDaysAgo * DAY);
  const sentAt = new Date(now.getTime() - demoPayout.sentDaysAgo * DAY);
  const { sealed, last4 } = sealBankDetails(bankKey, id, bankDetailsSchema.parse(demoPayout.bankDetails));
  await tx.insert(payouts).values({
    id,
    travelerId: who.travelerId,
    amount,
    currency,
    status: 'sent',
    bankDetailsEncrypted: sealed,
    bankLast4: last4,
    providerRef: demoPayout.reference,
    sentAt,
    sentBy: who.adminId,
    createdAt: requestedAt,
  });
  const { entryId } = await postEntry(
    tx,
    payoutToTraveler({ payoutId: id, travelerId: who.travelerId, amount, currency }),
    who.travelerId,
  );
  await tx.update(ledgerEntries).set({ createdAt: requestedAt }).where(eq(ledgerEntries.id, entryId));
  await recordAudit(tx, {
    actorId: who.adminId,
    action: 'payout.mark_sent',
    subject: { type: 'payout', id },
    before: { status: 'requested' },
    after: { status: 'sent', reference: demoPayout.reference },
    data: { travelerId: who.travelerId, amount, currency },
    at: sentAt,
  });
  return true;
}
