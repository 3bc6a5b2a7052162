import type { ErrorParams } from '#shared/errors.ts';
import type { ErrorWords } from '../types.ts';

const pending = (params: ErrorParams) =>
  params.by === 'sender'
    ? 'This traveler already has a pending request for this package. Wait for the answer or withdraw it first.'
    : 'You already have a pending request for this package. Wait for the answer or withdraw it first.';

export const requestsWords = {
  REQUEST_NOT_FOUND: 'This request no longer exists. Reload the page to see your requests as they are now.',
  REQUEST_ALREADY_PENDING: { message: pending },
  REQUEST_ALREADY_ANSWERED: {
    message: ({ status, action }) =>
      status && action
        ? `This request is ${status}: only a pending request can be ${action}.`
        : 'This request has been answered already. Reload the page to see it as it is now.',
  },
  REQUEST_RECEIVER_ONLY: {
    message: ({ action }) => `Only the member who received this request can ${action ?? 'answer'} it.`,
  },
  REQUEST_STARTER_ONLY: 'Only the member who made this request can withdraw it.',
  REQUEST_OWN_TRIP_ONLY: 'Offer one of your own trips.',
  REQUEST_SENDER_ONLY: 'Only the sender can invite travelers for this package.',
  REQUEST_PROPOSAL_CHANGED:
    'The other member changed the reward since you opened this request. Look at the new amount before you answer.',
  REQUEST_NOT_YOUR_TURN: 'Your latest proposal is with the other member: wait for their answer.',
  REQUEST_COUNTER_LIMIT: {
    message: ({ max }) =>
      `This request has gone back and forth ${max ?? 'too many'} times: accept the amount on the table, or decline.`,
  },
  TRAVELER_UNAVAILABLE: 'This traveler can no longer take requests.',
  PACKAGE_DELIVER_BY_PASSED: "This package's deliver-by date has passed.",
} as const satisfies Record<string, ErrorWords>;
