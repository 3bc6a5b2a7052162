import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import { providerRefund, recordRefund, releasePayment, releaseRest } from '#server/modules/payments/public.ts';
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
 *
 * refund_sender may name an `amount`, less than what is held: the sender gets that much back, the
 * platform keeps its fee out of the rest, and the traveler receives what remains (a second entry,
 * dispute_release); the package is refunded all the same, as the resolution went the sender's way.
 */
export function splitOfRefund(
  payment: { amount: number; refundedAmount: number; fee: number },
  amount: number | undefined,
): { refund: number; keptFee: number; toTraveler: number } {
  const held = payment.amount - payment.refundedAmount;
  const refund = amount === undefined ? held : amount;
  if (refund >= held) return { refund: held, keptFee: 0, toTraveler: 0 };
  const keptFee = Math.min(payment.fee, held - refund);
  return { refund, keptFee, toTraveler: held - refund - keptFee };
}

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
    const held = payment ? payment.amount - payment.refundedAmount : 0;
    if (refundSender && input.amount !== undefined && (!payment || input.amount > held)) {
      throw new AppError('REFUND_TOO_LARGE', {
        detail: `refund ${input.amount} over ${held} held`,
        fields: { amount: [`Refund at most what is held (${held})`] },
      });
    }
    const split = payment && refundSender ? splitOfRefund(payment, input.amount) : null;
    const refund = split?.refund ?? held;
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
      if (payment && split && refund > 0) {
        await recordRefund(tx, {
          paymentId: payment.id,
          refund,
          keptFee: split.keptFee,
          key: KEY,
          actorId: adminId,
          kind: 'dispute_refund',
        });
        if (split.toTraveler > 0) {
          if (!pkg.travelerId) throw new AppError('NO_TRAVELER_TO_RELEASE');
          await releaseRest(tx, {
            paymentId: payment.id,
            packageId: pkg.id,
            currency: payment.currency as Currency,
            travelerId: pkg.travelerId,
            amount: split.toTraveler,
            actorId: adminId,
          });
        }
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
      data: {
        disputeId: row.id,
        ...(refundSender && payment && split
          ? { paymentId: payment.id, refund, keptFee: split.keptFee, toTraveler: split.toTraveler, held }
          : {}),
      },
    });

    const money = payment
      ? formatMoney(refundSender ? refund : payment.reward, payment.currency as Currency, 'en')
      : '';
    const rest =
      payment && split && split.toTraveler > 0
        ? ` The traveler receives ${formatMoney(split.toTraveler, payment.currency as Currency, 'en')}.`
        : '';
    const outcome = refundSender
      ? `The sender is refunded${money ? ` (${money})` : ''}.${rest}`
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
