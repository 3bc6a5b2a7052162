import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerEntries, payments } from '#server/db/schema/payments.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import {
  cancelLockedPackage,
  type PaymentRow,
  providerRefund,
  recordRefund,
  toPayment,
} from '#server/modules/payments/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { type AdminPayment, type AdminRefund, refundStage } from '#shared/admin-money.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';

// The back office's payments (docs/product.md §8): one payment as admins see it, and a refund of part or
// all of what a payment still holds in escrow (ADR 0019, docs/product.md §5.5). One transaction checks
// and records the refund under the package's and the payment's locks, and asks the provider last.

/** What this payment still has in escrow: its entries' escrow lines, summed. */
const heldInEscrow = sql<string>`(select coalesce(sum(l.amount), 0) from ledger_line l
  join ledger_entry e on e.id = l.entry_id
  where e.payment_id = ${payments.id} and l.account = 'escrow')`;

export function adminPaymentQuery(db: Database) {
  return db
    .select({
      row: payments,
      exactCreatedAt: exactTime(payments.createdAt),
      held: heldInEscrow,
      packageTitle: packages.title,
      packageStatus: packages.status,
      sender: { id: user.id, name: user.name, email: user.email },
    })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .innerJoin(user, eq(user.id, payments.senderId));
}

export type AdminPaymentResult = Awaited<ReturnType<ReturnType<typeof adminPaymentQuery>['execute']>>[number];

/** A refund takes what is left of the payment, and only as much as escrow still holds for it. */
function refundableOf(row: PaymentRow, held: number): number {
  if (row.status !== 'succeeded' && row.status !== 'partially_refunded') return 0;
  return Math.max(0, Math.min(row.amount - row.refundedAmount, held));
}

export function toAdminPayment(r: AdminPaymentResult): AdminPayment {
  const held = Number(r.held);
  return {
    ...toPayment(r.row),
    packageTitle: r.packageTitle,
    // The response schema checks it: a status the contract does not know is a bug to see, not hide.
    packageStatus: r.packageStatus as PackageStatus,
    providerRef: r.row.providerRef,
    providerPaymentRef: r.row.providerPaymentRef,
    held,
    sender: r.sender,
    refundable: refundableOf(r.row, held),
    mismatch:
      r.row.status === 'amount_mismatch' && r.row.paidAmount !== null
        ? {
            paidAmount: r.row.paidAmount,
            paidCurrency: r.row.paidCurrency ?? r.row.currency,
            refundedAt: r.row.paidRefundedAt?.toISOString() ?? null,
          }
        : null,
    refundFailure: r.row.refundFailedAt
      ? { at: r.row.refundFailedAt.toISOString(), reason: r.row.refundFailure ?? '' }
      : null,
  };
}

async function findPayment(db: Database, id: string): Promise<AdminPaymentResult> {
  const [found] = await adminPaymentQuery(db).where(eq(payments.id, id));
  if (!found) throw new AppError('PAYMENT_NOT_FOUND');
  return found;
}

export async function getAdminPayment(db: Database, id: string): Promise<AdminPayment> {
  return toAdminPayment(await findPayment(db, id));
}

const tooMuch = (refundable: number, currency: Currency) =>
  new AppError('REFUND_TOO_LARGE', { params: { refundable, currency } });

/**
 * An admin refunds part or all of what a payment still holds in escrow, with a note for the audit log.
 * One transaction locks the package, then the payment (the order a cancellation, a completion and a
 * dispute resolution take), works out under those locks what is still refundable, records the refund,
 * the audit row and the sender's notification, and asks the provider last (providerRefund). A
 * completion, a cancellation or another admin's refund racing this one waits on the lock and then
 * finds the money gone; one that won first leaves nothing refundable, and this refund is refused
 * before the provider is asked for anything. The refund's key is the form's request id (else what was
 * refunded before and the amount), so a double click or a retry after a lost answer is one refund at
 * the provider and one entry in the ledger.
 *
 * The package stays consistent with its money (docs/product.md §5.5): after pickup money moves only
 * through a dispute, so the refund is refused; before pickup a refund of everything escrow holds
 * cancels the package on the sender's cancellation path (requests closed, the trip's room back, the
 * traveler told), audited as the package's cancellation too, since no traveler could be paid for it.
 */
export async function refundPayment(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  adminId: string,
  paymentId: string,
  input: AdminRefund,
): Promise<AdminPayment> {
  // Read without a lock, for the package to lock and to refuse a payment that never went through: a
  // pending payment's success webhook locks the payment and then the package, the opposite order.
  const seen = await findPayment(db, paymentId);
  if (!['succeeded', 'partially_refunded', 'refunded'].includes(seen.row.status)) {
    throw new AppError('PAYMENT_NOT_REFUNDABLE', { detail: `payment is ${seen.row.status}` });
  }
  const key = input.requestId ? `admin-${input.requestId}` : `admin-${seen.row.refundedAmount}-${input.amount}`;

  await notifier.transaction(db, async (tx, notify) => {
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, seen.row.packageId)).for('update');
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!pkg || !locked) throw new AppError('PAYMENT_NOT_FOUND');
    // A second identical request waits on the lock and then finds the first one's entry.
    const [done] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payment:${paymentId}:refund:${key}`));
    if (done) return;
    const stage = refundStage(pkg.status as PackageStatus);
    if (stage === 'after_pickup') {
      throw new AppError('REFUND_AFTER_PICKUP', { params: { status: pkg.status } });
    }
    const before = toAdminPayment(await findPayment(tx, paymentId));
    if (input.amount > before.refundable) throw tooMuch(before.refundable, before.currency);
    const cancels = stage === 'before_pickup' && input.amount === before.held;
    if (cancels) {
      await cancelLockedPackage(tx, notify, pkg, { actorId: adminId, byAdmin: true });
      await recordAudit(tx, {
        actorId: adminId,
        action: 'package.cancel',
        subject: { type: 'package', id: pkg.id },
        before: { status: pkg.status },
        after: { status: 'cancelled' },
        reason: input.note,
        data: { paymentId, refund: input.amount, currency: before.currency, by: 'payment.refund' },
      });
    }
    const updated = await recordRefund(tx, { paymentId, refund: input.amount, keptFee: 0, key, actorId: adminId });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.refund',
      subject: { type: 'payment', id: paymentId },
      before: { refundedAmount: locked.refundedAmount, status: locked.status },
      after: { refundedAmount: updated.refundedAmount, status: updated.status },
      reason: input.note,
      data: { amount: input.amount, currency: before.currency, packageId: before.packageId, packageCancelled: cancels },
    });
    const money = formatMoney(input.amount, before.currency, 'en');
    await notify({
      userId: before.sender.id,
      type: 'payment_refunded',
      title: cancels ? 'Package cancelled and refunded' : 'You have been refunded',
      body: cancels
        ? `An administrator cancelled "${before.packageTitle}". ${money} is on its way back to you.`
        : `${money} of your payment for "${before.packageTitle}" is on its way back to you.`,
      link: `/user/packages/${before.packageId}`,
      data: { packageId: before.packageId, paymentId, refund: input.amount },
    });
    // Last, once everything above has been checked and written: see providerRefund.
    await providerRefund(provider, locked, input.amount, key);
  });
  return getAdminPayment(db, paymentId);
}
