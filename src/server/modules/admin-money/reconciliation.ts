import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { payments } from '#server/db/schema/payments.ts';
import { type PaymentRow, toPayment } from '#server/modules/payments/public.ts';
import {
  type PaymentProvider,
  PaymentProviderError,
  PROVIDER_SUCCEEDED,
} from '#server/providers/payments/payment-provider.ts';
import type { AdminReconciliation, ProviderPaymentView, ReconciliationDifference } from '#shared/admin-money.ts';
import { AppError } from '#shared/errors.ts';
import type { Currency } from '#shared/money.ts';
import type { PaymentStatus } from '#shared/payments.ts';

// The back office's reconciliation (docs/product.md §8): one payment as our books have it beside what
// the provider holds for it, and the lines on which they disagree. A read: nothing changes, so nothing
// is audited; an operator settles a difference by hand, at the provider or with a refund.

export type BookedPayment = AdminReconciliation['booked'];

/** The statuses that say the provider took the money (and may have sent some back). */
const WENT_THROUGH: readonly PaymentStatus[] = ['succeeded', 'partially_refunded', 'refunded', 'amount_mismatch'];

/**
 * What our books say the provider holds. A payment of another amount or currency than its checkout
 * (ADR 0033) was never booked at the checkout's amount: the provider holds what it reported, all of it
 * sent back once `paidRefundedAt` is set.
 */
export function bookedOf(row: PaymentRow): BookedPayment {
  const { status } = toPayment(row);
  if (status === 'amount_mismatch' && row.paidAmount !== null) {
    return {
      amount: row.paidAmount,
      currency: row.paidCurrency ?? row.currency,
      refunded: row.paidRefundedAt ? row.paidAmount : 0,
      status,
    };
  }
  return { amount: row.amount, currency: row.currency, refunded: row.refundedAmount, status };
}

/**
 * Where our books and the provider disagree, in the contract's order. A payment that never went
 * through and has nothing at the provider agrees; the money lines count only when one side says the
 * money moved (a declined card received nothing, and nothing was booked).
 */
export function reconciliationDifferencesOf(
  booked: BookedPayment,
  atProvider: ProviderPaymentView | null,
): ReconciliationDifference[] {
  const weSayPaid = WENT_THROUGH.includes(booked.status);
  if (!atProvider) return weSayPaid ? ['missing_at_provider'] : [];
  const theySayPaid = atProvider.status === PROVIDER_SUCCEEDED;
  const differences: ReconciliationDifference[] = [];
  if (weSayPaid || theySayPaid) {
    if (atProvider.amount !== booked.amount) differences.push('amount');
    if (atProvider.currency.toUpperCase() !== booked.currency.toUpperCase()) differences.push('currency');
    if (atProvider.refunded !== booked.refunded) differences.push('refunded');
  }
  if (weSayPaid !== theySayPaid) differences.push('status');
  return differences;
}

/** Asks the provider about one payment and compares; the provider's failure is a 503, never a difference. */
export async function reconcilePayment(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
): Promise<AdminReconciliation> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new AppError('PAYMENT_NOT_FOUND');
  const booked = bookedOf(row);
  const { provider: madeWith } = toPayment(row);
  // Stripe cannot be asked about a sandbox checkout, nor the sandbox about Stripe's: neither would know it.
  if (madeWith !== provider.kind) {
    throw new AppError('PAYMENT_OTHER_PROVIDER', { detail: `payment made with ${madeWith}, in use ${provider.kind}` });
  }
  if (!provider.inspect) {
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', { detail: `${provider.kind} cannot be asked about a payment` });
  }
  let atProvider: ProviderPaymentView | null;
  try {
    atProvider = await provider.inspect({
      providerRef: row.providerRef,
      providerPaymentRef: row.providerPaymentRef,
      currency: row.currency as Currency,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
        detail: `reconciliation of payment ${row.id}: ${err.message}`,
      });
    }
    throw err;
  }
  return {
    paymentId: row.id,
    provider: madeWith,
    booked,
    atProvider,
    checkedAt: new Date().toISOString(),
    differences: reconciliationDifferencesOf(booked, atProvider),
  };
}
