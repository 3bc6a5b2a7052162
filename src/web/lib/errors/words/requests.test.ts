import { describe, expect, it } from 'vitest';
import { describeCode } from '../describe-error.ts';

// The words members read today for a refused request, now built from the code's params.
describe('the words of a refused request', () => {
  it('names who holds the pending request', () => {
    expect(describeCode('REQUEST_ALREADY_PENDING', { by: 'traveler' }).message).toBe(
      'You already have a pending request for this package. Wait for the answer or withdraw it first.',
    );
    expect(describeCode('REQUEST_ALREADY_PENDING', { by: 'sender' }).message).toBe(
      'This traveler already has a pending request for this package. Wait for the answer or withdraw it first.',
    );
  });

  it("says what the request, the package and the trip are now, and what couldn't be done", () => {
    expect(describeCode('REQUEST_ALREADY_ANSWERED', { status: 'declined', action: 'accepted' }).message).toBe(
      'This request is declined: only a pending request can be accepted.',
    );
    expect(describeCode('REQUEST_RECEIVER_ONLY', { action: 'decline' }).message).toBe(
      'Only the member who received this request can decline it.',
    );
    expect(describeCode('PACKAGE_NOT_OPEN', { status: 'matched' }).message).toBe(
      'This package is matched: it is no longer looking for a traveler.',
    );
    expect(describeCode('TRAVEL_PLAN_NOT_ACTIVE', { status: 'cancelled' }).message).toMatch(/^This trip is cancelled:/);
    expect(describeCode('MATCHES_OWNER_ONLY', { of: 'travel plan' }).message).toBe(
      'Only its owner can look for matches for this trip.',
    );
  });
});
