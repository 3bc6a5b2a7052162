import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import { cancelPaidPackage } from '#server/modules/payments/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';

const paidStatuses: readonly string[] = ['open', 'matched', 'in_transit', 'delivered'];

/**
 * The back office's cancel (docs/product.md §2.3, §5.5): a paid package goes through the payments
 * service's cancellation (the policy's refund, the match undone, both parties told), a draft is simply
 * cancelled; either way with the reason and `package.cancel` in the audit log, in the transaction that
 * cancels.
 */
export async function cancelAsAdmin(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  adminId: string,
  packageId: string,
  reason: string,
): Promise<void> {
  const [seen] = await db.select({ status: packages.status }).from(packages).where(eq(packages.id, packageId));
  if (!seen) throw new AppError('PACKAGE_NOT_FOUND');
  if (paidStatuses.includes(seen.status)) {
    await cancelPaidPackage(db, notifier, provider, { packageId, actorId: adminId, asAdmin: true, reason });
    return;
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('update');
    if (!locked) throw new AppError('PACKAGE_NOT_FOUND');
    // Paid since it was read, or past every cancellable status: refused, nothing written.
    if (locked.status !== 'draft') throw new AppError('PACKAGE_NOT_CANCELLABLE', { params: { status: locked.status } });
    await transitionPackage(tx, {
      packageId,
      to: 'cancelled',
      actorId: adminId,
      note: 'Cancelled by an administrator',
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'package.cancel',
      subject: { type: 'package', id: packageId },
      before: { status: 'draft' },
      after: { status: 'cancelled' },
      reason,
      data: { refund: 0, keptFee: 0 },
    });
  });
}
