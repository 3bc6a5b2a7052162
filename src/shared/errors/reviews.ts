import type { ErrorEntry } from './entry.ts';

/** Reviews the sender and the traveler write of each other once a delivery is completed. */
export const reviewsErrors = {
  REVIEW_PARTIES_ONLY: { status: 403, message: 'Only the sender and the traveler of this package can review it.' },
  REVIEW_NOT_YET: { status: 409, message: 'You can review the other side once the delivery is completed.' },
  REVIEW_WINDOW_CLOSED: { status: 409, message: 'Reviews for this delivery are closed.' },
  REVIEW_ALREADY_WRITTEN: { status: 409, message: 'You have already reviewed this delivery.' },
} as const satisfies Record<string, ErrorEntry>;
