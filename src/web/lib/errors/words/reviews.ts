import type { ErrorWords } from '../types.ts';

export const reviewsWords = {
  REVIEW_PARTIES_ONLY: 'Only the sender and the traveler of this package can review it.',
  REVIEW_NOT_YET: 'You can review the other side once the delivery is completed.',
  REVIEW_WINDOW_CLOSED: {
    message: ({ closedOn }) =>
      closedOn ? `Reviews for this delivery closed on ${closedOn}.` : 'Reviews for this delivery are closed.',
  },
  REVIEW_ALREADY_WRITTEN: 'You have already reviewed this delivery.',
} as const satisfies Record<string, ErrorWords>;
