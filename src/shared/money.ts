import { z } from 'zod';

// Money is always an integer in minor units (cents) with an ISO 4217 currency (docs/product.md §2, §5).

export const currencies = ['EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof currencies)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

export const currencySchema = z.enum(currencies, 'Choose EUR, USD or GBP');

/** An amount in minor units: whole, never negative, below a sane ceiling (10 million in major units). */
export const minorAmountSchema = z
  .number('Enter an amount')
  .int('Amounts are whole cents')
  .min(0, 'An amount cannot be negative')
  .max(1_000_000_000, 'That amount is too large');

export const moneySchema = z.object({ amount: minorAmountSchema, currency: currencySchema }).meta({ id: 'Money' });
export type Money = z.infer<typeof moneySchema>;

/** The platform fee on a reward (docs/product.md §5): a percentage, never below the minimum. */
export function platformFee(reward: number, settings: { feePercent: number; feeMinimum: number }): number {
  if (reward <= 0) return 0;
  return Math.max(Math.round((reward * settings.feePercent) / 100), settings.feeMinimum);
}

/** "€12.50" in the reader's locale; the amount is in minor units (all our currencies have 2 decimals). */
export function formatMoney(amount: number, currency: Currency, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}

/** "25", "25.5", "25,50" → 2550; anything else (signs, three decimals, letters) → null. */
export function parseMajorAmount(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + cents;
}
