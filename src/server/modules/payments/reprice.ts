import { eq } from 'drizzle-orm';
import { packages } from '#server/db/schema/packages.ts';
import { payments } from '#server/db/schema/payments.ts';
import type { RewardMoney } from '#server/modules/requests/public.ts';
import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import { AppError } from '#shared/errors.ts';
import { type Currency, formatMoney, platformFee } from '#shared/money.ts';
import { heldPaymentsOf, leftOf } from './held.ts';
import { providerRefund, recordRefund } from './refunds.ts';

// The money of a reward agreed by counter-offers (docs/product.md §4.5, ADR 0059), in the accepting
// transaction. Before the match a package holds exactly one payment: the one that published it.

async function paidOf(tx: Parameters<RewardMoney['differenceFor']>[0], packageId: string) {
  const [payment, ...more] = await heldPaymentsOf(tx, packageId);
  if (!payment) throw new AppError('NO_PAYMENT_IN_ESCROW');
  if (more.length > 0) throw new AppError('INTERNAL', { detail: `package ${packageId} holds a difference already` });
  return payment;
}

/**
 * Above the reward paid, the fee is worked out on the agreed reward and never comes down: the sender
 * owes reward + fee less what is held. Below it, the fee is worked out again on the agreed reward
 * (never more than what is left to pay it from), the payment's split becomes reward + fee, the
 * package's reward the agreed one, and the rest goes back to the sender as a refund (escrow → refunds
 * in the ledger). The provider is asked last, by the function answered, as for every refund (see
 * providerRefund).
 */
export function rewardMoney(provider: PaymentProvider): RewardMoney {
  return {
    async differenceFor(tx, packageId, reward, settings) {
      const payment = await paidOf(tx, packageId);
      if (reward <= payment.reward) return 0;
      const fee = Math.max(platformFee(reward, settings), payment.fee);
      return reward + fee - leftOf(payment);
    },

    async settleLower(tx, notify, agreed, settings) {
      const payment = await paidOf(tx, agreed.packageId);
      const left = leftOf(payment);
      if (agreed.reward > payment.reward || agreed.reward > left) {
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
    },
  };
}
