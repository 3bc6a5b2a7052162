import type { Transaction } from '#server/db/transaction.ts';
import type { Notify } from '#server/modules/notifications/public.ts';
import type { Settings } from '#shared/settings.ts';

/** A reward agreed on a request that differs from what the sender paid for (docs/product.md §4.5). */
export interface AgreedReward {
  packageId: string;
  requestId: string;
  senderId: string;
  title: string;
  reward: number;
  actorId: string;
}

type FeeSettings = Pick<Settings, 'feePercent' | 'feeMinimum'>;

/**
 * The money of an agreed reward, which the payments module implements and app.ts passes in (requests
 * does not depend on payments, which depends on it). Both run inside the accepting transaction, with
 * the acceptance's settings, read before it (ADR 0059).
 */
export interface RewardMoney {
  /** What the sender still owes for `reward` (reward and fee together); 0 when what is held covers it. */
  differenceFor(tx: Transaction, packageId: string, reward: number, settings: FeeSettings): Promise<number>;
  /**
   * Reprices the paid package down to an agreed reward: the rest goes back to the sender. Answers the
   * provider's part, to be run last in the transaction like every refund.
   */
  settleLower(
    tx: Transaction,
    notify: Notify,
    agreed: AgreedReward,
    settings: FeeSettings,
  ): Promise<(() => Promise<void>) | null>;
}
