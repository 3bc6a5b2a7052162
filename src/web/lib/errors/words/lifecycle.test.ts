import { describe, expect, it } from 'vitest';
import { describeCode } from '../describe-error.ts';

// The handover answers carry numbers; the member reads the sentences the server used to send whole.

describe('the handover words', () => {
  it('name the tries left beside the code field', () => {
    expect(describeCode('INVALID_PICKUP_CODE', { triesLeft: 4, lockMinutes: 60 })).toMatchObject({
      message: 'That is not the pickup code: 4 tries left before a 60-minute lock',
      field: 'code',
    });
    expect(describeCode('INVALID_DELIVERY_CODE', { triesLeft: 1, lockMinutes: 60 }).message).toBe(
      'That is not the delivery code: 1 try left before a 60-minute lock',
    );
  });

  it('say when a locked step opens again', () => {
    expect(describeCode('HANDOVER_JUST_LOCKED', { minutes: 60, attempts: 5 })).toMatchObject({
      message: 'That code is not right either. After 5 wrong codes this step is locked: try again in 60 minutes.',
      field: 'code',
    });
    expect(describeCode('HANDOVER_LOCKED', { minutes: 12 }).message).toBe(
      'Too many wrong codes: try again in 12 minutes.',
    );
  });

  it('name the status that refused a move, and read whole without it', () => {
    expect(describeCode('WITHDRAW_AFTER_PICKUP', { status: 'in_transit' }).message).toBe(
      'This package is in_transit: a traveler can only withdraw before the pickup. Open a dispute if something went wrong.',
    );
    expect(describeCode('PACKAGE_NOT_DELIVERED').message).toBe('Only a delivered package can be completed.');
    expect(describeCode('DELIVERY_SMS_LIMIT', { times: 3, minutes: 20 }).message).toBe(
      'The delivery code was already texted 3 times this hour. Try again in 20 minutes, or share it yourself.',
    );
  });
});
