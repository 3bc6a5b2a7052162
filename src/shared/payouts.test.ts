import { describe, expect, it } from 'vitest';
import { ibanChecksumValid, ibanSchema, normalizeIban, payoutRequestSchema } from './payouts.ts';

describe('IBAN', () => {
  it.each([
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'NL91ABNA0417164300',
    'BE68539007547034',
    'CH9300762011623852957',
  ])('accepts %s', (iban) => {
    expect(ibanChecksumValid(iban)).toBe(true);
  });

  it('reads the way people write it: spaces, dashes, lower case', () => {
    expect(ibanSchema.parse(' de89 3704-0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(normalizeIban('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
  });

  it('refuses a typo, two swapped digits, a wrong check number and a bad shape', () => {
    for (const bad of [
      'DE89370400440532013001',
      'DE89370400440532010300',
      'DE88370400440532013000',
      'DE8937040044',
      '1289370400440532013000',
      'DE89-3704-0044-0532-0130-00-!',
    ]) {
      const result = ibanSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
    }
    expect(ibanSchema.safeParse('DE89370400440532013001').error?.issues[0]?.message).toMatch(/not valid/);
    expect(ibanSchema.safeParse('').error?.issues[0]?.message).toBe('Enter your IBAN');
  });
});

describe('payout request', () => {
  const bankDetails = { accountHolder: 'Tara Traveler', iban: 'DE89 3704 0044 0532 0130 00' };

  it('defaults to a bank payout in euros and normalizes the IBAN', () => {
    expect(payoutRequestSchema.parse({ amount: 1500, bankDetails })).toEqual({
      method: 'bank',
      amount: 1500,
      currency: 'EUR',
      bankDetails: { accountHolder: 'Tara Traveler', iban: 'DE89370400440532013000' },
    });
  });

  it('names each bad field', () => {
    const result = payoutRequestSchema.safeParse({
      amount: 50,
      currency: 'JPY',
      bankDetails: { accountHolder: ' ', iban: 'DE00123' },
    });
    const paths = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(paths).toEqual(['amount', 'bankDetails.accountHolder', 'bankDetails.iban', 'currency']);
    expect(result.error?.issues.find((i) => i.path[0] === 'amount')?.message).toBe('A payout is at least 1.00');
  });
});
