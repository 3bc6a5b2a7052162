import { and, desc, eq, inArray } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import type { SettleReward } from '#server/modules/requests/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney, platformFee } from '#shared/money.ts';
import { providerRefund, recordRefund } from './refunds.ts';

/**
 * A reward agreed by counter-offers below the one paid (docs/product.md §4.5, ADR 0059), in the
 * accepting transaction: the fee is worked out again on the agreed reward (never more than what is
 * left to pay it from), the payment's split becomes reward + fee, the package's reward the agreed one,
 * and the rest goes back to the sender as a refund (escrow → refunds in the ledger). The provider is
 * asked last, by the function answered, as for every refund (see providerRefund).
 */
export function rewardSettlement(provider: PaymentProvider): SettleReward {
  return async (tx, notify, agreed, settings) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.packageId, agreed.packageId), inArray(payments.status, ['succeeded', 'partially_refunded'])),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1)
      .for('update');
    if (!payment) throw new AppError('NO_PAYMENT_IN_ESCROW');
    const left = payment.amount - payment.refundedAmount;
    if (agreed.reward > payment.reward || agreed.reward > left) {
      // The proposals were kept within what was paid (requests/proposal.ts): this is a bug, not a user's.
      throw new AppError('INTERNAL', { detail: `agreed ${agreed.reward} over the ${payment.reward} paid` });
    }
    const fee = Math.min(platformFee(agreed.reward, settings), left - agreed.reward);
    const refund = left - agreed.reward - fee;
    const key = `reprice-${agreed.requestId}`;
    if (refund > 0) {
      await recordRefund(tx, { paymentId: payment.id, refund, keptFee: 0, key, actorId: agreed.actorId });
    }
    await tx
      .update(payments)
      .set({ reward: agreed.reward, fee, updatedAt: new Date() })
      .where(eq(payments.id, payment.id));
    await tx.update(packages).set({ reward: agreed.reward }).where(eq(packages.id, agreed.packageId));
    if (refund <= 0) return null;
    const currency = payment.currency as Currency;
    await notify({
      userId: agreed.senderId,
      type: 'payment_refunded',
      title: 'Reward agreed: the difference comes back',
      body: `"${agreed.title}" is carried for ${formatMoney(agreed.reward, currency, 'en')}. ${formatMoney(refund, currency, 'en')} is on its way back to you.`,
      link: `/user/packages/${agreed.packageId}`,
      data: { packageId: agreed.packageId, paymentId: payment.id, refund },
    });
    return () => providerRefund(provider, payment, refund, key);
  };
}
