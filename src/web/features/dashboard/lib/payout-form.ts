import { z } from 'zod';
import { type Currency, currencySchema, formatMoney } from '#shared/money.ts';
import {
  bankDetailsSchema,
  ibanSchema,
  PAYOUT_LIMITS,
  type PayoutMethod,
  type PayoutRequest,
  stripeAccountIdSchema,
} from '#shared/payouts.ts';
import { parseMajorAmount } from './amount.ts';

// The payout form's fields, flat as the traveler sees them, checked with the contract's own rules
// (IBAN checksum, account holder, Stripe account id) plus what the balance allows. Only the chosen
// method's fields are checked: the others are hidden.

export interface PayoutFormValues {
  currency: Currency;
  amount: string;
  method: PayoutMethod;
  accountHolder: string;
  iban: string;
  stripeAccountId: string;
}

const amountField = z.string().transform((text, ctx) => {
  if (!text.trim()) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount' });
    return z.NEVER;
  }
  const minor = parseMajorAmount(text);
  if (minor === null) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 25.00' });
    return z.NEVER;
  }
  return minor;
});

/** The schema for one moment's balance: no more than is available in the chosen currency. */
export function payoutFormSchema(available: Partial<Record<Currency, number>>, locale?: string) {
  const common = { currency: currencySchema, amount: amountField };
  return z
    .discriminatedUnion('method', [
      z.object({
        ...common,
        method: z.literal('bank'),
        accountHolder: bankDetailsSchema.shape.accountHolder,
        iban: ibanSchema,
        stripeAccountId: z.string(),
      }),
      z.object({
        ...common,
        method: z.literal('stripe_connect'),
        accountHolder: z.string(),
        iban: z.string(),
        stripeAccountId: stripeAccountIdSchema,
      }),
    ])
    .superRefine((values, ctx) => {
      const max = available[values.currency] ?? 0;
      if (values.amount > max) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message:
            max > 0
              ? `You can ask for at most ${formatMoney(max, values.currency, locale)}, your available balance.`
              : `You have no available balance in ${values.currency}.`,
        });
      } else if (values.amount < PAYOUT_LIMITS.minimum) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: `A payout is at least ${formatMoney(PAYOUT_LIMITS.minimum, values.currency, locale)}`,
        });
      }
    });
}

export type PayoutFormOutput = z.output<ReturnType<typeof payoutFormSchema>>;

export function toPayoutRequest(values: PayoutFormOutput): PayoutRequest {
  const { amount, currency } = values;
  if (values.method === 'stripe_connect') {
    return { method: 'stripe_connect', amount, currency, stripeAccountId: values.stripeAccountId };
  }
  return {
    method: 'bank',
    amount,
    currency,
    bankDetails: { accountHolder: values.accountHolder, iban: values.iban },
  };
}
