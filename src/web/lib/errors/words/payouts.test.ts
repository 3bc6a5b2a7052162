import { describe, expect, it } from 'vitest';
import { describeCode } from '../describe-error.ts';

// The money refusals are worded from their params; these are the sentences members and admins read.
describe('payments and payouts words', () => {
  it('names the most a traveler may ask for, beside the amount', () => {
    expect(describeCode('PAYOUT_OVER_BALANCE', { available: 4000, currency: 'EUR' })).toMatchObject({
      message: 'You can ask for at most €40.00, your available balance.',
      field: 'amount',
    });
    expect(describeCode('PAYOUT_OVER_BALANCE', { available: 0, currency: 'EUR' }).message).toBe(
      'You have no available balance to pay out yet.',
    );
  });

  it('names what is left of a payment to refund', () => {
    expect(describeCode('REFUND_TOO_LARGE', { refundable: 3400, currency: 'EUR' }).message).toBe(
      'At most €34.00 of this payment can still be refunded.',
    );
    expect(describeCode('REFUND_TOO_LARGE').message).toBe('That is more than is left of this payment.');
  });

  it("gives Stripe's refusal to the admin, and says a retry is safe when Stripe did not answer", () => {
    expect(describeCode('TRANSFER_FAILED', { destination: 'acct_1', reason: 'No such destination.' }).message).toBe(
      'Stripe refused the transfer to acct_1, so the payout is still requested. No such destination.',
    );
    expect(describeCode('TRANSFER_FAILED', { destination: 'acct_1' }).message).toMatch(
      /^Stripe did not confirm the transfer to acct_1, .* at most once\.$/,
    );
  });

  it('says when a payout was sent already', () => {
    expect(describeCode('PAYOUT_ALREADY_SENT', { sentOn: '2026-11-20' }).message).toBe(
      'This payout was already marked sent on 2026-11-20.',
    );
  });
});
