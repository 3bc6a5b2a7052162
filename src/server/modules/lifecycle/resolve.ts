import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import { providerRefund, recordRefund, releasePayment } from '#server/modules/payments/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import type { Dispute, ResolveDispute } from '#shared/lifecycle.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { toDispute } from './disputes.ts';
import { heldPaymentOf } from './payment.ts';

const KEY = 'dispute';

/**
 * An administrator resolves a package's open dispute (docs/product.md §2, §5, §8), either way:
 * refund_sender → the package is refunded and everything left of the payment goes back (the ledger's
 * dispute_refund, then the provider); release_traveler → the package is completed and the reward
 * and fee are released (dispute_release). One transaction, holding the package's row lock from the
 * status check on, moves the package, the money and the dispute, writes the audit log and tells both
 * parties; the provider is asked last, so of two admins resolving at once the one who waited finds the
 * dispute resolved before any money moves. The admin API route calls this.
 */
export async function resolveDispute(
  db: Database,
  notifier: Notifier,
  provider: PaymentProvider,
  adminId: string,
  packageId: string,
  input: ResolveDispute,
): Promise<Dispute> {
  const resolved = await notifier.transaction(db, async (tx, notify) => {
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, packageId)).for('update');
    if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
    if (pkg.senderId === adminId || pkg.travelerId === adminId) {
      throw new AppError('RESOLVER_IS_PARTY');
    }
    if (pkg.status !== 'disputed') {
      throw new AppError('PACKAGE_NOT_DISPUTED', { params: { status: pkg.status } });
    }
    const refundSender = input.resolution === 'refund_sender';
    const payment = await heldPaymentOf(tx, pkg.id);
    const refund = payment ? payment.amount - payment.refundedAmount : 0;
    const now = new Date();
    await transitionPackage(tx, {
      packageId: pkg.id,
      to: refundSender ? 'refunded' : 'completed',
      actorId: adminId,
      note: refundSender
        ? 'Dispute resolved by an administrator: the sender is refunded'
        : 'Dispute resolved by an administrator: the reward is released to the traveler',
    });
    if (refundSender) {
      if (payment && refund > 0) {
        await recordRefund(tx, {
          paymentId: payment.id,
          refund,
          keptFee: 0,
          key: KEY,
          actorId: adminId,
          kind: 'dispute_refund',
        });
      }
    } else {
      if (!pkg.travelerId) throw new AppError('NO_TRAVELER_TO_RELEASE');
      await tx.update(packages).set({ completedAt: now }).where(eq(packages.id, pkg.id));
      await releasePayment(tx, {
        packageId: pkg.id,
        travelerId: pkg.travelerId,
        kind: 'dispute_release',
        actorId: adminId,
      });
    }
    const [row] = await tx
      .update(disputes)
      .set({
        status: 'resolved',
        resolution: input.resolution,
        resolutionNote: input.note,
        resolvedBy: adminId,
        resolvedAt: now,
      })
      .where(and(eq(disputes.packageId, pkg.id), eq(disputes.status, 'open')))
      .returning();
    if (!row) throw new AppError('NO_OPEN_DISPUTE');
    await recordAudit(tx, {
      actorId: adminId,
      action: `dispute.${input.resolution}`,
      subject: { type: 'package', id: pkg.id },
      before: { status: pkg.status },
      after: { status: refundSender ? 'refunded' : 'completed' },
      reason: input.note,
      data: { disputeId: row.id, ...(refundSender && payment ? { paymentId: payment.id, refund } : {}) },
    });

    const money = payment
      ? formatMoney(refundSender ? refund : payment.reward, payment.currency as Currency, 'en')
      : '';
    const outcome = refundSender
      ? `The sender is refunded${money ? ` (${money})` : ''}.`
      : `The reward${money ? ` (${money})` : ''} is released to the traveler.`;
    for (const userId of [pkg.senderId, pkg.travelerId]) {
      if (!userId) continue;
      await notify({
        userId,
        type: 'dispute_resolved',
        title: 'Dispute resolved',
        body: `An administrator resolved the dispute on "${pkg.title}". ${outcome} ${input.note}`,
        link: `/user/packages/${pkg.id}`,
        data: { packageId: pkg.id, disputeId: row.id, resolution: input.resolution },
      });
    }
    // Last, once everything above has been checked and written: see providerRefund.
    if (refundSender && payment && refund > 0) await providerRefund(provider, payment, refund, KEY);
    return row;
  });
  return toDispute(db, resolved);
}
