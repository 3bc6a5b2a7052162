import { z } from 'zod';
import { currencySchema } from './money.ts';
import { sandboxCheckoutRefPattern } from './routes.ts';
import { text } from './text.ts';

// Payments (docs/product.md §5): one checkout per package at a time; the provider's signed
// webhook, never the return page, moves a payment.

export const paymentStatuses = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
  'partially_refunded',
  /** Paid for another amount or currency than the checkout's: never booked, sent back (ADR 0033). */
  'amount_mismatch',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentProviders = ['sandbox', 'stripe'] as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

/**
 * What a payment is for: the one that publishes a package (`package`), or the difference of a reward
 * agreed above the one paid (`top_up`, docs/product.md §4.5).
 */
export const paymentKinds = ['package', 'top_up'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

export const paymentSchema = z
  .object({
    id: z.string(),
    packageId: z.string(),
    kind: z.enum(paymentKinds).meta({
      description: 'package: the payment that published the package; top_up: the difference of an agreed reward',
    }),
    status: z.enum(paymentStatuses),
    provider: z.enum(paymentProviders),
    /** What the sender pays: reward + fee, in minor units. */
    amount: z.number().int(),
    reward: z.number().int(),
    fee: z.number().int(),
    currency: currencySchema,
    refundedAmount: z.number().int(),
    /** Why a payment failed, in the provider's words ("Your card was declined."). */
    failureReason: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const startPaymentResponseSchema = z
  .object({ payment: paymentSchema, url: z.string().meta({ description: "The provider's checkout page" }) })
  .meta({ id: 'StartPaymentResponse' });
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;

export const paymentParamsSchema = z.object({ id: z.uuid('This is not a payment id') });

/** Test cards of the sandbox checkout (the same numbers Stripe's test mode uses). */
export const SANDBOX_CARDS = { approve: '4242424242424242', decline: '4000000000000002' } as const;

// A sandbox checkout's reference, as it appears in /pay/sandbox/{ref}: the route table owns it.
export { sandboxCheckoutRefPattern };

export const sandboxCheckoutParamsSchema = z.object({
  ref: z.string().regex(sandboxCheckoutRefPattern, 'This is not a sandbox checkout'),
});

export const sandboxCheckoutSchema = z
  .object({
    ref: z.string(),
    packageId: z.string(),
    packageTitle: z.string(),
    amount: z.number().int(),
    currency: currencySchema,
    status: z.enum(paymentStatuses),
    /** False once the checkout was paid, declined or cancelled. */
    open: z.boolean(),
  })
  .meta({ id: 'SandboxCheckout' });
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

const digits = (value: string) => value.replace(/[\s-]/g, '');

export const sandboxCardSchema = z
  .object({
    cardNumber: text()
      .transform(digits)
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (test card 4242 4242 4242 4242)')),
    expiry: text()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Enter the expiry as MM/YY'),
    cvc: text()
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back'),
    name: text().trim().min(1, 'Enter the name on the card').max(100),
  })
  .meta({ id: 'SandboxCard' });
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

export const sandboxResultSchema = z
  .object({ redirectTo: z.string(), outcome: z.enum(['paid', 'declined', 'cancelled']) })
  .meta({ id: 'SandboxCheckoutResult' });

export const webhookAckSchema = z.object({ received: z.literal(true) }).meta({ id: 'WebhookAck' });
