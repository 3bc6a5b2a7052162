import type { PaymentProvider } from '#server/providers/payments/payment-provider.ts';
import type { PayoutMethod } from '#shared/payouts.ts';

/**
 * Where travelers can ask to be paid on this server (ADR 0026): a bank account always; a Stripe
 * Connect account when the payment provider can transfer to one (Stripe is configured). /api/meta
 * tells the web the same list the payout service enforces.
 */
export function payoutMethodsOf(provider: Pick<PaymentProvider, 'payout'>): PayoutMethod[] {
  return provider.payout ? ['bank', 'stripe_connect'] : ['bank'];
}
