import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import { providerRefund, recordRefund, refundPolicy } from '#server/modules/payments/public.ts';
import { expirePendingRequestsOf } from '#server/modules/requests/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { heldPaymentOf } from './payment.ts';

const KEY = 'expire';

/**
 * open → expired when its deliver-by date has passed (docs/product.md §2; the scheduled job decides when),
 * with everything refunded (§5). As in cancelPaidPackage one transaction locks the package, checks it
 * is still open, expires it, records the refund, expires its pending requests and tells the sender,
 * and asks the provider to refund last: an acceptance racing the expiry waits on the lock, or wins and
 * the expiry is refused (CONFLICT) before the provider is asked for anything. The job's claim already
 * holds the same lock; taking it here keeps the service safe when called on its own.
 */
export async function expirePackage(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  input: { packageId: string },
): Promise<void> {
  await notifier.transaction(db, async (tx, notify) => {
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, input.packageId)).for('update');
    if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
    if (pkg.status !== 'open')
      throw new AppError('PACKAGE_NOT_OPEN', {
        params: { status: pkg.status },
        detail: 'Only an open package expires.',
      });
    const payment = await heldPaymentOf(tx, pkg.id);
    const policy = payment ? refundPolicy('expired', payment) : null;
    await transitionPackage(tx, {
      packageId: pkg.id,
      to: 'expired',
      actorId: null,
      note: 'Expired: the deliver-by date passed before a traveler was matched',
    });
    if (payment && policy) {
      await recordRefund(tx, { paymentId: payment.id, refund: policy.refund, keptFee: 0, key: KEY, actorId: null });
    }
    await expirePendingRequestsOf(tx, notify, pkg.id);
    const refund = payment && policy ? formatMoney(policy.refund, payment.currency as Currency, 'en') : null;
    await notify({
      userId: pkg.senderId,
      type: 'package_expired',
      title: 'Package expired',
      body: refund
        ? `"${pkg.title}" found no traveler before its deliver-by date. ${refund} is on its way back to you.`
        : `"${pkg.title}" found no traveler before its deliver-by date.`,
      link: `/user/packages/${pkg.id}`,
      data: { packageId: pkg.id, ...(payment && policy ? { paymentId: payment.id, refund: policy.refund } : {}) },
    });
    // Last, once everything above has been checked and written: see providerRefund.
    if (payment && policy) await providerRefund(provider, payment, policy.refund, KEY);
  });
}
