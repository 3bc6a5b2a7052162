import type { Payment } from '#shared/payments.ts';

export type CallbackView = 'processing' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';

/**
 * What the return page shows for the newest payment. Only the payment's status, which the provider's
 * signed webhook sets, says "paid"; `leftCheckout` (the provider's cancel link, `?cancelled=1`) can
 * only turn a payment still waiting into "cancelled", since Stripe sends no event when the sender
 * walks away from its page.
 */
export function callbackView(payment: Pick<Payment, 'status'>, options: { leftCheckout: boolean }): CallbackView {
  switch (payment.status) {
    case 'succeeded':
      return 'succeeded';
    case 'refunded':
    case 'partially_refunded':
      return 'refunded';
    case 'failed':
    case 'amount_mismatch':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'pending':
      return options.leftCheckout ? 'cancelled' : 'processing';
  }
}

/** How often the return page asks while the provider's word is awaited. */
export const CALLBACK_POLL_MS = 1500;
