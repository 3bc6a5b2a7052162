import type { ErrorParams } from '#shared/errors.ts';
import type { ErrorWords } from '../types.ts';

// The words name the package's status and the minutes left when the answer carries them, and read
// whole without them (an answer from an older server, a code worded on its own).

const isNow = ({ status }: ErrorParams) => (status ? `This package is ${status}: ` : '');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const inMinutes = ({ minutes }: ErrorParams) => (minutes ? `in ${minutes} minutes` : 'later');

const wrongCode = (step: string) => ({
  message: ({ triesLeft, lockMinutes }: ErrorParams) =>
    triesLeft === undefined
      ? `That is not the ${step} code.`
      : `That is not the ${step} code: ${triesLeft === 1 ? '1 try' : `${triesLeft} tries`} left before a ${lockMinutes ?? 60}-minute lock`,
  field: 'code',
});

const afterStatus = (rest: string) => ({
  message: (params: ErrorParams) => (params.status ? `${isNow(params)}${rest}` : capital(rest)),
});

export const lifecycleWords = {
  HANDOVER_TRAVELER_ONLY: {
    message: ({ step }) => `Only the traveler carrying this package can enter the ${step ?? 'handover'} code.`,
  },
  HANDOVER_NOT_DUE: {
    message: (params) =>
      params.step && params.due
        ? `${isNow(params)}the ${params.step} code is entered when it is ${params.due}.`
        : 'This code is not the one due now.',
  },
  INVALID_PICKUP_CODE: wrongCode('pickup'),
  INVALID_DELIVERY_CODE: wrongCode('delivery'),
  HANDOVER_JUST_LOCKED: {
    message: (params) =>
      `That code is not right either. After ${params.attempts ?? 5} wrong codes this step is locked: try again ${inMinutes(params)}.`,
    field: 'code',
  },
  HANDOVER_LOCKED: {
    message: (params) => `Too many wrong codes: try again ${inMinutes(params)}.`,
    field: 'code',
  },
  CODES_SENDER_ONLY: 'Only the sender can see the handover codes.',
  DELIVERY_SMS_SENDER_ONLY: 'Only the sender can send the delivery code.',
  NO_DELIVERY_CODE: afterStatus('there is no delivery code to send.'),
  NO_RECIPIENT_PHONE: "This package has no recipient's phone number to text.",
  DELIVERY_SMS_LIMIT: {
    message: (params) =>
      `The delivery code was already texted ${params.times ?? 'several'} times this hour. Try again ${inMinutes(params)}, or share it yourself.`,
  },
  SMS_UNAVAILABLE:
    'Text messages cannot be sent from this server. Share the delivery code with the recipient yourself.',
  WITHDRAW_TRAVELER_ONLY: 'Only the traveler carrying this package can withdraw from it.',
  WITHDRAW_AFTER_PICKUP: afterStatus(
    'a traveler can only withdraw before the pickup. Open a dispute if something went wrong.',
  ),
  DISPUTE_PARTIES_ONLY: 'Only the sender or the traveler of this package can open a dispute.',
  DISPUTE_NOT_ALLOWED: afterStatus('a dispute can be opened after the pickup and before completion.'),
  DISPUTE_ALREADY_OPEN: 'This package already has an open dispute.',
  DISPUTE_NOT_FOUND: 'There is no dispute for this package.',
  EVIDENCE_PARTIES_ONLY: 'Only the sender or the traveler can add evidence to a dispute.',
  DISPUTE_CLOSED: 'This dispute is resolved: no more evidence can be added.',
  EVIDENCE_EMPTY: { message: 'Write what happened, add a photo, or both.', field: 'text' },
  EVIDENCE_PHOTO_LIMIT: {
    message: ({ max }: ErrorParams) => `You have already added the ${max ?? 'allowed'} photos a dispute allows.`,
    field: 'photos',
  },
  HANDOFF_PHOTO_TRAVELER_ONLY: 'Only the traveler carrying this package can add a handover photo.',
  HANDOFF_PHOTO_NOT_DUE: afterStatus(
    'a handover photo is added right after that handover: the pickup’s while in transit, the delivery’s once delivered.',
  ),
  HANDOFF_PHOTO_EXISTS: 'This handover already has its photo.',
  RESOLVER_IS_PARTY: 'Ask another administrator to resolve a dispute you are part of.',
  PACKAGE_NOT_DISPUTED: afterStatus('only a disputed package can be resolved.'),
  NO_OPEN_DISPUTE: 'This package has no open dispute.',
  NO_TRAVELER_TO_RELEASE: 'This package has no traveler to release to.',
  CONFIRM_SENDER_ONLY: 'Only the sender can confirm the delivery.',
  PACKAGE_NOT_DELIVERED: afterStatus('only a delivered package can be completed.'),
} as const satisfies Record<string, ErrorWords>;
