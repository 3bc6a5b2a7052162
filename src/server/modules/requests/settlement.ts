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

/**
 * Reprices the paid package to the agreed reward inside the accepting transaction (the money module
 * implements it; app.ts passes it in, so requests does not depend on payments, which depends on it).
 * It answers the provider's part, to be run last in the transaction like every refund (ADR 0059).
 * The settings are the acceptance's, read before its transaction.
 */
export type SettleReward = (
  tx: Transaction,
  notify: Notify,
  agreed: AgreedReward,
  settings: Pick<Settings, 'feePercent' | 'feeMinimum'>,
) => Promise<(() => Promise<void>) | null>;
