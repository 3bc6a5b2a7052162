import { describe, expect, it } from 'vitest';
import { payoutFormSchema, toPayoutRequest } from './payout-form.ts';

const schema = payoutFormSchema({ EUR: 2500 }, 'en-GB');
const valid = {
  currency: 'EUR',
  amount: '20,50',
  method: 'bank',
  accountHolder: 'Tara Traveler',
  iban: 'de89 3704 0044 0532 0130 00',
  stripeAccountId: '',
};
const toStripe = {
  ...valid,
  method: 'stripe_connect',
  accountHolder: '',
  iban: '',
  stripeAccountId: ' acct_1032D82eZvKYlo2C ',
};
const messages = (values: Record<string, string>) =>
  Object.fromEntries(
    (schema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('payout form', () => {
  it('turns the fields into the API request', () => {
    const parsed = schema.parse(valid);
    expect(toPayoutRequest(parsed)).toEqual({
      method: 'bank',
      amount: 2050,
      currency: 'EUR',
      bankDetails: { accountHolder: 'Tara Traveler', iban: 'DE89370400440532013000' },
    });
  });

  it('sends only the Stripe account id for a payout to Stripe, and checks only that', () => {
    expect(toPayoutRequest(schema.parse(toStripe))).toEqual({
      method: 'stripe_connect',
      amount: 2050,
      currency: 'EUR',
      stripeAccountId: 'acct_1032D82eZvKYlo2C',
    });
    expect(messages({ ...toStripe, stripeAccountId: '' })).toEqual({ stripeAccountId: 'Enter your Stripe account id' });
    expect(messages({ ...toStripe, stripeAccountId: 'acct_12-34' })).toEqual({
      stripeAccountId: 'A Stripe account id starts with acct_ and then letters and digits, e.g. acct_1032D82eZvKYlo2C',
    });
    expect(messages({ ...toStripe, amount: '25.01' })).toEqual({
      amount: 'You can ask for at most €25.00, your available balance.',
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
