import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import type { Notifier } from '#server/modules/notifications/notifier.ts';
import { transitionPackage } from '#server/modules/packages/transitions.ts';
import { providerRefund, recordRefund, refundPolicy } from '#server/modules/payments/refunds.ts';
import { expirePendingRequestsOf } from '#server/modules/requests/expire.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { heldPaymentOf } from './payment.ts';

const KEY = 'expire';

/**
 * open → expired when its deliver-by date has passed (PRODUCT.md §2; the scheduled job decides when),
 * with everything refunded (§5). As in cancelPaidPackage the provider refunds first (idempotent per
 * payment and reason), then one transaction expires the package, records the refund, expires its
 * pending requests and tells the sender. A package that is no longer open is refused (CONFLICT).
 */
export async function expirePackage(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  input: { packageId: string },
): Promise<void> {
  const [pkg] = await db.select().from(packages).where(eq(packages.id, input.packageId));
  if (!pkg) throw new AppError('NOT_FOUND', 'There is no such package.');
  if (pkg.status !== 'open') throw new AppError('CONFLICT', `This package is ${pkg.status}: only an open one expires.`);
  const payment = await heldPaymentOf(db, pkg.id);
  const policy = payment ? refundPolicy('expired', payment) : null;
  if (payment && policy) await providerRefund(provider, payment, policy.refund, KEY);

  await notifier.transaction(db, async (tx, notify) => {
    const [locked] = await tx
      .select({ status: packages.status })
      .from(packages)
      .where(eq(packages.id, pkg.id))
      .for('update');
    if (locked?.status !== 'open') throw new AppError('CONFLICT', 'The package changed meanwhile; it was not expired.');
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
  });
}
