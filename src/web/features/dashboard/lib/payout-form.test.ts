import { describe, expect, it } from 'vitest';
import { payoutFormSchema, toPayoutRequest } from './payout-form.ts';

const schema = payoutFormSchema({ EUR: 2500 }, 'en-GB');
const valid = { currency: 'EUR', amount: '20,50', accountHolder: 'Tara Traveler', iban: 'de89 3704 0044 0532 0130 00' };
const messages = (values: Record<string, string>) =>
  Object.fromEntries(
    (schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('payout form', () => {
  it('turns the fields into the API request', () => {
    const parsed = schema.parse(valid);
    expect(toPayoutRequest(parsed)).toEqual({
      amount: 2050,
      currency: 'EUR',
      bankDetails: { accountHolder: 'Tara Traveler', iban: 'DE89370400440532013000' },
    });
  });

  it('says what is wrong with each field', () => {
    expect(messages({ ...valid, amount: '', accountHolder: '', iban: 'DE89370400440532013001' })).toEqual({
      amount: 'Enter an amount',
      accountHolder: 'Enter the account holder’s name',
      iban: 'This IBAN is not valid: check it for a typo',
    });
    expect(messages({ ...valid, amount: '12.345' })).toEqual({ amount: 'Enter an amount such as 25.00' });
  });

  it('allows no more than is available, and no less than the minimum', () => {
    expect(messages({ ...valid, amount: '25.01' })).toEqual({
      amount: 'You can ask for at most €25.00, your available balance.',
    });
    expect(schema.safeParse({ ...valid, amount: '25' }).success).toBe(true);
    expect(messages({ ...valid, amount: '0.50' })).toEqual({ amount: 'A payout is at least €1.00' });
    expect(messages({ ...valid, currency: 'GBP', amount: '5' })).toEqual({
      amount: 'You have no available balance in GBP.',
    });
  });
});
