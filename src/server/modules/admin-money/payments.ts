import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { ledgerEntries, payments } from '#server/db/schema/payments.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { type PaymentRow, providerRefund, recordRefund, toPayment } from '#server/modules/payments/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import type { AdminPayment, AdminPaymentListQuery, AdminPaymentPage, AdminRefund } from '#shared/admin-money.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';

// The back office's payments (docs/product.md §8): the list, and a refund of part or all of what a payment
// still holds in escrow (ADR 0019). One transaction checks and records the refund under the package's
// and the payment's locks, and asks the provider last.

/** What this payment still has in escrow: its entries' escrow lines, summed. */
const heldInEscrow = sql<string>`(select coalesce(sum(l.amount), 0) from ledger_line l
  join ledger_entry e on e.id = l.entry_id
  where e.payment_id = ${payments.id} and l.account = 'escrow')`;

function adminPaymentQuery(db: Database) {
  return db
    .select({
      row: payments,
      exactCreatedAt: exactTime(payments.createdAt),
      held: heldInEscrow,
      packageTitle: packages.title,
      sender: { id: user.id, name: user.name, email: user.email },
    })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .innerJoin(user, eq(user.id, payments.senderId));
}

type AdminPaymentResult = Awaited<ReturnType<ReturnType<typeof adminPaymentQuery>['execute']>>[number];

/** A refund takes what is left of the payment, and only as much as escrow still holds for it. */
function refundableOf(row: PaymentRow, held: number): number {
  if (row.status !== 'succeeded' && row.status !== 'partially_refunded') return 0;
  return Math.max(0, Math.min(row.amount - row.refundedAmount, held));
}

function toAdminPayment(r: AdminPaymentResult): AdminPayment {
  return {
    ...toPayment(r.row),
    packageTitle: r.packageTitle,
    sender: r.sender,
    refundable: refundableOf(r.row, Number(r.held)),
    mismatch:
      r.row.status === 'amount_mismatch' && r.row.paidAmount !== null
        ? {
            paidAmount: r.row.paidAmount,
            paidCurrency: r.row.paidCurrency ?? r.row.currency,
            refundedAt: r.row.paidRefundedAt?.toISOString() ?? null,
          }
        : null,
  };
}

export async function listPayments(db: Database, query: AdminPaymentListQuery): Promise<AdminPaymentPage> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(payments.status, query.status));
  if (query.packageId) conditions.push(eq(payments.packageId, query.packageId));
  if (query.cursor) {
    conditions.push(afterTimeCursor(payments.createdAt, payments.id, decodeTimeCursor(query.cursor), 'desc'));
  }
  const rows = await adminPaymentQuery(db)
    .where(and(...conditions))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminPayment),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.row.id]) : null,
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
    await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, seen.row.packageId)).for('update');
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!locked) throw new AppError('PAYMENT_NOT_FOUND');
    // A second identical request waits on the lock and then finds the first one's entry.
    const [done] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payment:${paymentId}:refund:${key}`));
    if (done) return;
    const before = toAdminPayment(await findPayment(tx, paymentId));
    if (input.amount > before.refundable) throw tooMuch(before.refundable, before.currency);
    const updated = await recordRefund(tx, { paymentId, refund: input.amount, keptFee: 0, key, actorId: adminId });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.refund',
      subject: { type: 'payment', id: paymentId },
      before: { refundedAmount: locked.refundedAmount, status: locked.status },
      after: { refundedAmount: updated.refundedAmount, status: updated.status },
      reason: input.note,
      data: { amount: input.amount, currency: before.currency, packageId: before.packageId },
    });
    await notify({
      userId: before.sender.id,
      type: 'payment_refunded',
      title: 'You have been refunded',
      body: `${formatMoney(input.amount, before.currency, 'en')} of your payment for "${before.packageTitle}" is on its way back to you.`,
      link: `/user/packages/${before.packageId}`,
      data: { packageId: before.packageId, paymentId, refund: input.amount },
    });
    // Last, once everything above has been checked and written: see providerRefund.
    await providerRefund(provider, locked, input.amount, key);
  });
  return getAdminPayment(db, paymentId);
}
