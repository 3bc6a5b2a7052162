import type { ErrorEntry } from './entry.ts';

/** Starting and answering requests between a package and a trip. */
export const requestsErrors = {
  REQUEST_NOT_FOUND: { status: 404, message: 'There is no such request.' },
  /** params: by ('traveler' | 'sender'), who started the pending request. */
  REQUEST_ALREADY_PENDING: {
    status: 409,
    message: 'A pending request between this package and this traveler exists already.',
  },
  /** params: status (the request's), action ('accepted' | 'declined' | 'withdrawn'). */
  REQUEST_ALREADY_ANSWERED: { status: 409, message: 'This request is no longer pending.' },
  /** params: action ('accept' | 'decline'). */
  REQUEST_RECEIVER_ONLY: { status: 403, message: 'Only the member who received this request can answer it.' },
  REQUEST_STARTER_ONLY: { status: 403, message: 'Only the member who made this request can withdraw it.' },
  REQUEST_OWN_TRIP_ONLY: { status: 403, message: 'Offer one of your own trips.' },
  REQUEST_SENDER_ONLY: { status: 403, message: 'Only the sender can invite travelers for this package.' },
  TRAVELER_UNAVAILABLE: { status: 409, message: 'This traveler can no longer take requests.' },
  /** params: reward (the amount on the table now, minor units). The other side countered meanwhile. */
  REQUEST_PROPOSAL_CHANGED: {
    status: 409,
    message: 'The reward on this request changed since you saw it.',
  },
  /** params: action ('accept' | 'counter'). The latest proposal is mine: the other side answers it. */
  REQUEST_NOT_YOUR_TURN: { status: 409, message: 'The other member answers your latest proposal first.' },
  /** params: max. */
  REQUEST_COUNTER_LIMIT: { status: 409, message: 'This request has been countered as often as it can be.' },
  PACKAGE_DELIVER_BY_PASSED: { status: 409, message: "This package's deliver-by date has passed." },
} as const satisfies Record<string, ErrorEntry>;
