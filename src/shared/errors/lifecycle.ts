import type { ErrorEntry } from './entry.ts';

/** The handovers, the delivery text, disputes and completion of a matched package. */
export const lifecycleErrors = {
  HANDOVER_TRAVELER_ONLY: { status: 403, message: 'Only the traveler carrying this package can enter its codes.' },
  HANDOVER_NOT_DUE: { status: 409, message: 'This code is not the one due at the package’s current step.' },
  INVALID_PICKUP_CODE: { status: 400, message: 'That is not the pickup code.' },
  INVALID_DELIVERY_CODE: { status: 400, message: 'That is not the delivery code.' },
  /** The wrong code that locked the step; `HANDOVER_LOCKED` while the lock lasts. */
  HANDOVER_JUST_LOCKED: { status: 429, message: 'Too many wrong codes: this step is now locked.' },
  HANDOVER_LOCKED: { status: 429, message: 'Too many wrong codes: this step is locked for now.' },
  CODES_SENDER_ONLY: { status: 403, message: 'Only the sender can see the handover codes.' },
  DELIVERY_SMS_SENDER_ONLY: { status: 403, message: 'Only the sender can send the delivery code.' },
  NO_DELIVERY_CODE: { status: 409, message: 'This package has no delivery code to send.' },
  NO_RECIPIENT_PHONE: { status: 409, message: "This package has no recipient's phone number to text." },
  DELIVERY_SMS_LIMIT: { status: 429, message: 'The delivery code was texted too often this hour.' },
  SMS_UNAVAILABLE: { status: 503, message: 'Text messages cannot be sent from this server.' },
  WITHDRAW_TRAVELER_ONLY: { status: 403, message: 'Only the traveler carrying this package can withdraw from it.' },
  WITHDRAW_AFTER_PICKUP: { status: 409, message: 'A traveler can only withdraw before the pickup.' },
  DISPUTE_PARTIES_ONLY: { status: 403, message: 'Only the sender or the traveler of this package can open a dispute.' },
  DISPUTE_NOT_ALLOWED: {
    status: 409,
    message: 'A dispute can be opened after the pickup and before completion.',
  },
  DISPUTE_ALREADY_OPEN: { status: 409, message: 'This package already has an open dispute.' },
  DISPUTE_NOT_FOUND: { status: 404, message: 'There is no dispute for this package.' },
  EVIDENCE_PARTIES_ONLY: { status: 403, message: 'Only the sender or the traveler can add evidence to a dispute.' },
  DISPUTE_CLOSED: { status: 409, message: 'This dispute is resolved: no more evidence can be added.' },
  EVIDENCE_EMPTY: { status: 400, message: 'Write what happened, add a photo, or both.' },
  /** params: max (photos per party and dispute). */
  EVIDENCE_PHOTO_LIMIT: { status: 409, message: 'You have already added all the photos a dispute allows.' },
  HANDOFF_PHOTO_TRAVELER_ONLY: {
    status: 403,
    message: 'Only the traveler carrying this package can add a handover photo.',
  },
  HANDOFF_PHOTO_NOT_DUE: {
    status: 409,
    message: 'A handover photo is added right after that handover: pickup while in transit, delivery once delivered.',
  },
  HANDOFF_PHOTO_EXISTS: { status: 409, message: 'This handover already has its photo.' },
  RESOLVER_IS_PARTY: { status: 403, message: 'Ask another administrator to resolve a dispute you are part of.' },
  PACKAGE_NOT_DISPUTED: { status: 409, message: 'Only a disputed package can be resolved.' },
  NO_OPEN_DISPUTE: { status: 409, message: 'This package has no open dispute.' },
  NO_TRAVELER_TO_RELEASE: { status: 409, message: 'This package has no traveler to release to.' },
  CONFIRM_SENDER_ONLY: { status: 403, message: 'Only the sender can confirm the delivery.' },
  PACKAGE_NOT_DELIVERED: { status: 409, message: 'Only a delivered package can be completed.' },
} as const satisfies Record<string, ErrorEntry>;
