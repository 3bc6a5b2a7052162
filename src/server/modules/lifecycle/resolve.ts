import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { disputes } from '#server/db/schema/requests.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { transitionPackage } from '#server/modules/packages/public.ts';
import {
  heldPaymentsOf,
  leftOf,
  providerRefund,
  recordRefund,
  releasePayment,
  releaseRest,
  spread,
} from '#server/modules/payments/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import type { Dispute, ResolveDispute } from '#shared/lifecycle.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { toDispute } from './disputes.ts';

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
    // The payment that published it and, for a reward agreed above it, the difference (§4.5): the
    // resolution works on what they hold together, then shares it out payment by payment.
    const held = await heldPaymentsOf(tx, pkg.id);
    const payment = held[0];
    const heldTotal = held.reduce((sum, p) => sum + leftOf(p), 0);
    if (refundSender && input.amount !== undefined && (!payment || input.amount > heldTotal)) {
      throw new AppError('REFUND_TOO_LARGE', {
        detail: `refund ${input.amount} over ${heldTotal} held`,
        fields: { amount: [`Refund at most what is held (${heldTotal})`] },
      });
    }
    const feeTotal = held.reduce((sum, p) => sum + p.fee, 0);
    const split =
      payment && refundSender
        ? splitOfRefund({ amount: heldTotal, refundedAmount: 0, fee: feeTotal }, input.amount)
        : null;
    const refund = split?.refund ?? heldTotal;
    const now = new Date();
    await transitionPackage(tx, {
      packageId: pkg.id,
      to: refundSender ? 'refunded' : 'completed',
      actorId: adminId,
      note: refundSender
        ? 'Dispute resolved by an administrator: the sender is refunded'
        : 'Dispute resolved by an administrator: the reward is released to the traveler',
    });
    const refunds: { payment: (typeof held)[number]; amount: number }[] = [];
    if (refundSender) {
      if (payment && split && refund > 0) {
        // The fee kept out of each payment's own fee first, then the refund out of what is left of
        // them (the difference paid last first), the rest of each payment to the traveler: every
        // part finds room, since the fee kept is at most what the refund leaves.
        const keptParts = spread(split.keptFee, held, (p) => p.fee);
        const keptOf = (p: (typeof held)[number]) => keptParts.get(p.id) ?? 0;
        const refundParts = spread(refund, held, (p) => leftOf(p) - keptOf(p));
        for (const p of held) {
          const part = refundParts.get(p.id) ?? 0;
          const kept = keptOf(p);
          const toTraveler = leftOf(p) - part - kept;
          if (part > 0) {
            await recordRefund(tx, {
              paymentId: p.id,
              refund: part,
              keptFee: kept,
              key: KEY,
              actorId: adminId,
              kind: 'dispute_refund',
            });
            refunds.push({ payment: p, amount: part });
          }
          if (toTraveler > 0) {
            if (!pkg.travelerId) throw new AppError('NO_TRAVELER_TO_RELEASE');
            await releaseRest(tx, {
              paymentId: p.id,
              packageId: pkg.id,
              currency: p.currency as Currency,
              travelerId: pkg.travelerId,
              amount: toTraveler,
              // Kept here only when none of this payment went back (a refund entry keeps it otherwise).
              fee: part > 0 ? 0 : kept,
              actorId: adminId,
            });
          }
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
          ? { paymentId: payment.id, refund, keptFee: split.keptFee, toTraveler: split.toTraveler, held: heldTotal }
          : {}),
      },
    });

    const rewardTotal = held.reduce((sum, p) => sum + p.reward, 0);
    const money = payment ? formatMoney(refundSender ? refund : rewardTotal, payment.currency as Currency, 'en') : '';
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
    for (const part of refunds) await providerRefund(provider, part.payment, part.amount, KEY);
    return row;
  });
  return toDispute(db, resolved);
}
