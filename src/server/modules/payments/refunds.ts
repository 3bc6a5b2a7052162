import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { postEntry, refundToSender } from '#server/modules/ledger/public.ts';
import type { Notifier, Notify } from '#server/modules/notifications/public.ts';
import { type PackageRow, transitionPackage } from '#server/modules/packages/public.ts';
import { endMatch, expirePendingRequestsOf } from '#server/modules/requests/public.ts';
import { type PaymentProvider, PaymentProviderError } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import { heldPaymentsOf } from './held.ts';
import type { PaymentRow } from './mapping.ts';

/**
 * docs/product.md §5's refund policy: cancelled or expired before a match, everything back; cancelled
 * after a match and before pickup, everything but the fee. After pickup only a dispute refunds, or an
 * administrator's cancellation (an administrator may cancel any time before completion, ADR 0020), which gives
 * everything back: the sender did nothing wrong that the fee would pay for.
 */
export function refundPolicy(
  status: PackageStatus,
  payment: Pick<PaymentRow, 'amount' | 'fee' | 'refundedAmount'>,
): { refund: number; keptFee: number } | null {
  const left = payment.amount - payment.refundedAmount;
  if (left <= 0) return null;
  if (status === 'open' || status === 'expired' || status === 'draft') return { refund: left, keptFee: 0 };
  if (status === 'in_transit' || status === 'delivered') return { refund: left, keptFee: 0 };
  if (status === 'matched') {
    const keptFee = Math.min(payment.fee, left);
    return left - keptFee > 0 ? { refund: left - keptFee, keptFee } : null;
  }
  return null;
}

/**
 * Records a refund the provider has made: the payment's refunded amount and status, and the ledger
 * entry (escrow → refunds, a kept fee → platform fees), in the caller's transaction. Refuses to
 * refund more than was paid.
 */
export async function recordRefund(
  tx: Transaction,
  input: {
    paymentId: string;
    refund: number;
    keptFee: number;
    key: string;
    actorId: string | null;
    kind?: 'dispute_refund';
  },
): Promise<PaymentRow> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (!payment) throw new AppError('PAYMENT_NOT_FOUND');
  if (payment.status !== 'succeeded' && payment.status !== 'partially_refunded') {
    throw new AppError('PAYMENT_NOT_REFUNDABLE', { detail: `payment ${payment.id} is ${payment.status}` });
  }
  const settled = payment.refundedAmount + input.refund + input.keptFee;
  if (input.refund <= 0 || settled > payment.amount) {
    throw new AppError('REFUND_TOO_LARGE', {
      detail: `refund ${input.refund} + fee ${input.keptFee} over ${payment.amount - payment.refundedAmount} left`,
    });
  }
  const { created } = await postEntry(
    tx,
    refundToSender({
      paymentId: payment.id,
      packageId: payment.packageId,
      currency: payment.currency as Currency,
      amount: input.refund,
      keptFee: input.keptFee,
      key: input.key,
      ...(input.kind ? { kind: input.kind } : {}),
    }),
    input.actorId,
  );
  if (!created) return payment;
  const refundedAmount = payment.refundedAmount + input.refund;
  const [updated] = await tx
    .update(payments)
    .set({
      refundedAmount,
      status: refundedAmount === payment.amount ? 'refunded' : 'partially_refunded',
      // A refund that went through settles any automatic one that had failed before it.
      refundFailedAt: null,
      refundFailure: null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, payment.id))
    .returning();
  return updated as PaymentRow;
}

/**
 * The provider's refund, idempotent per payment and `key`; a provider failure becomes 503. A refund
 * that ends a package is asked for last in the transaction that locked the package, checked its
 * status and wrote the change and the ledger entry: money leaves only for an outcome that has already
 * won (a pickup or another admin's resolution waits on the lock), and a failure rolls all of it back.
 * Only a commit lost after the provider answered leaves a refund unrecorded; the key makes the retry
 * safe. The cost is the lock held for one provider call (the Stripe client's timeout bounds it).
 */
export async function providerRefund(provider: PaymentProvider, payment: PaymentRow, amount: number, key: string) {
  try {
    await provider.refund(
      {
        providerRef: payment.providerRef,
        providerPaymentRef: payment.providerPaymentRef,
        currency: payment.currency as Currency,
      },
      amount,
      { idempotencyKey: `refund:${payment.id}:${key}` },
    );
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw new AppError('REFUND_UNAVAILABLE', { detail: `refund of payment ${payment.id}: ${err.message}` });
    }
    throw err;
  }
}

/**
 * Records that an automatic refund failed, on the payments of `where` still holding money: the
 * dashboard counts them and the payments list filters them, so an administrator refunds by hand
 * (docs/product.md §8). Outside the failed work's transaction, which rolled back.
 */
export async function noteRefundFailure(
  db: Database,
  where: { paymentId: string } | { packageId: string },
  err: unknown,
) {
  const words =
    err instanceof AppError ? (err.detail ?? err.message) : err instanceof Error ? err.message : String(err);
  const now = new Date();
  await db
    .update(payments)
    .set({ refundFailedAt: now, refundFailure: words.slice(0, 500), updatedAt: now })
    .where(
      'paymentId' in where
        ? eq(payments.id, where.paymentId)
        : and(eq(payments.packageId, where.packageId), inArray(payments.status, ['succeeded', 'partially_refunded'])),
    );
}

/** Whether an error is the provider failing a refund (as opposed to a rule refusing it). */
export const isRefundUnavailable = (err: unknown) =>
  (err instanceof AppError && err.code === 'REFUND_UNAVAILABLE') || err instanceof PaymentProviderError;

/** A payment that arrived for a package that no longer takes it (paid twice, cancelled meanwhile): all of it back. */
export async function refundStrayPayment(db: Database, provider: PaymentProvider, payment: PaymentRow): Promise<void> {
  const amount = payment.amount - payment.refundedAmount;
  if (amount <= 0) return;
  try {
    await providerRefund(provider, payment, amount, 'stray');
  } catch (err) {
    await noteRefundFailure(db, { paymentId: payment.id }, err);
    throw err;
  }
  await db.transaction((tx) =>
    recordRefund(tx, { paymentId: payment.id, refund: amount, keptFee: 0, key: 'stray', actorId: null }),
  );
}

/**
 * Sends back a payment made for another amount or currency than its checkout (ADR 0033): all of what
 * the provider reported, in its currency. Nothing was booked, so no ledger entry; the payment records
 * when it went back. The key is the same on every try, so a redelivered event or a retry after a lost
 * answer is one refund at the provider.
 */
export async function refundMismatchedPayment(
  db: Database,
  provider: PaymentProvider,
  payment: PaymentRow,
): Promise<void> {
  if (payment.status !== 'amount_mismatch' || payment.paidRefundedAt || !payment.paidAmount) return;
  try {
    await provider.refund(
      {
        providerRef: payment.providerRef,
        providerPaymentRef: payment.providerPaymentRef,
        currency: (payment.paidCurrency ?? payment.currency) as Currency,
      },
      payment.paidAmount,
      { idempotencyKey: `refund:${payment.id}:amount-mismatch` },
    );
  } catch (err) {
    await noteRefundFailure(db, { paymentId: payment.id }, err);
    throw err;
  }
  await db
    .update(payments)
    .set({ paidRefundedAt: new Date(), refundFailedAt: null, refundFailure: null, updatedAt: new Date() })
    .where(and(eq(payments.id, payment.id), isNull(payments.paidRefundedAt)));
}

/** A refund a cancellation recorded, for the provider to make last in the same transaction (providerRefund). */
export interface PendingRefund {
  payment: PaymentRow;
  amount: number;
  key: string;
}

/**
 * Cancels a package the caller has locked (`for update`) and checked may be cancelled: the move and
 * its timeline line, then an open package's pending requests expire, or a matched (or carried) one's
 * trip gets its room back and its traveler is told. The money is the caller's: each cancellation
 * refunds by its own rule (cancelPaidPackage by §5.5's policy, an admin's refund by its amount).
 */
export async function cancelLockedPackage(
  tx: Transaction,
  notify: Notify,
  pkg: PackageRow,
  input: { actorId: string; byAdmin: boolean; note?: string },
): Promise<void> {
  const status = pkg.status as PackageStatus;
  await transitionPackage(tx, {
    packageId: pkg.id,
    to: 'cancelled',
    actorId: input.actorId,
    note: input.note ?? (input.byAdmin ? 'Cancelled by an administrator' : 'Cancelled by the sender'),
  });
  if (status === 'open') {
    await expirePendingRequestsOf(tx, notify, pkg.id);
    return;
  }
  // The trip's room comes back; before pickup the handshake is undone, after it stays on record.
  // Read under the lock: a traveler who withdrew and another who matched since are not this one.
  await endMatch(tx, pkg, { withdrawRequest: status === 'matched' });
  if (pkg.travelerId) {
    await notify({
      userId: pkg.travelerId,
      type: 'package_cancelled',
      title: 'Package cancelled',
      body: input.byAdmin
        ? `An administrator cancelled "${pkg.title}". You no longer carry it.`
        : `The sender cancelled "${pkg.title}". You no longer carry it, and your trip has its room back.`,
      link: `/user/packages/${pkg.id}`,
      data: { packageId: pkg.id },
    });
  }
}

/**
 * Cancels a paid package for its sender (open or matched) or an admin (also in transit or delivered),
 * refunding per the policy, in one transaction that holds the package's row lock from the status
 * check to the commit: it cancels, expires the pending requests of an open package or gives a matched
 * one's trip its capacity back, records the refund and posts the ledger entry, and only then asks the
 * provider to refund. A pickup racing the cancellation waits for the lock and then finds the package
 * cancelled, or wins and the cancellation finds it in transit before any money moves. With a
 * `reason` (the back office's cancel) the same transaction writes `package.cancel` to the audit log:
 * the status before and after, the refund and the reason (docs/product.md §8).
 */
export async function cancelPaidPackage(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  input: { packageId: string; actorId: string; asAdmin: boolean; reason?: string },
): Promise<void> {
  await notifier.transaction(db, async (tx, notify) => {
    const refunds = await cancelPaidPackageIn(tx, notify, input);
    // Last, once everything above has been checked and written: see providerRefund.
    for (const refund of refunds) await providerRefund(provider, refund.payment, refund.amount, refund.key);
  });
}

/**
 * cancelPaidPackage's writes in the caller's transaction, without the provider's refunds: it answers
 * the refunds it recorded (one per payment held), for the caller to ask the provider for once all its own writes are done
 * (a ban cancels several packages in one transaction, docs/product.md §8.3).
 */
export async function cancelPaidPackageIn(
  tx: Transaction,
  notify: Notify,
  input: { packageId: string; actorId: string; asAdmin: boolean; note?: string; reason?: string },
): Promise<PendingRefund[]> {
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, input.packageId)).for('update');
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
  if (pkg.senderId !== input.actorId && !input.asAdmin) throw new AppError('CANCEL_SENDER_ONLY');
  const status = pkg.status as PackageStatus;
  const afterPickup = status === 'in_transit' || status === 'delivered';
  if (afterPickup && !input.asAdmin) {
    throw new AppError('CANCEL_AFTER_PICKUP');
  }
  if (status !== 'open' && status !== 'matched' && !afterPickup) {
    throw new AppError('PACKAGE_NOT_CANCELLABLE', { params: { status } });
  }
  // The payment that published it and, for a reward agreed above it, the difference (docs/product.md
  // §4.5): the policy applies to each, so only the fee of the agreed reward is kept after a match.
  const held = await heldPaymentsOf(tx, pkg.id);
  const policies = held.flatMap((payment) => {
    const policy = refundPolicy(status, payment);
    return policy ? [{ payment, ...policy }] : [];
  });
  const refundTotal = policies.reduce((sum, p) => sum + p.refund, 0);
  const keptTotal = policies.reduce((sum, p) => sum + p.keptFee, 0);
  const payment = held[0];
  const byAdmin = input.asAdmin && pkg.senderId !== input.actorId;
  await cancelLockedPackage(tx, notify, pkg, { actorId: input.actorId, byAdmin, note: input.note });
  // An administrator's cancellation gives its reason, and is audited with the refund it made (§8).
  if (input.reason !== undefined) {
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'package.cancel',
      subject: { type: 'package', id: pkg.id },
      before: { status },
      after: { status: 'cancelled' },
      reason: input.reason,
      data: {
        refund: refundTotal,
        keptFee: keptTotal,
        ...(payment ? { paymentId: payment.id, currency: payment.currency } : {}),
      },
    });
  }
  if (!payment || policies.length === 0) return [];
  // The key names the status cancelled from: a retry after a lost commit finds the same status
  // (nothing was committed) and so the same key, which the provider answers with the first refund.
  const key = `cancel-${status}`;
  for (const part of policies) {
    await recordRefund(tx, {
      paymentId: part.payment.id,
      refund: part.refund,
      keptFee: part.keptFee,
      key,
      actorId: input.actorId,
    });
  }
  const money = formatMoney(refundTotal, payment.currency as Currency, 'en');
  await notify({
    userId: pkg.senderId,
    type: 'payment_refunded',
    title: 'Package cancelled and refunded',
    body:
      keptTotal > 0
        ? `"${pkg.title}" is cancelled. ${money} is on its way back to you; the platform fee is kept because a traveler had been matched.`
        : `"${pkg.title}" is cancelled. ${money} is on its way back to you.`,
    link: `/user/packages/${pkg.id}`,
    data: { packageId: pkg.id, paymentId: payment.id, refund: refundTotal },
  });
  return policies.map((part) => ({ payment: part.payment, amount: part.refund, key }));
}
