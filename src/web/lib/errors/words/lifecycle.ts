import type { ErrorParams } from '#shared/errors.ts';
import type { ErrorWords } from '../types.ts';

const wrongCode = (step: string) => ({
  message: ({ triesLeft, lockMinutes }: ErrorParams) =>
    `That is not the ${step} code: ${triesLeft === 1 ? '1 try' : `${triesLeft} tries`} left before a ${lockMinutes}-minute lock`,
  field: 'code',
});

export const lifecycleWords = {
  HANDOVER_TRAVELER_ONLY: {
    message: ({ step }) => `Only the traveler carrying this package can enter the ${step} code.`,
  },
  HANDOVER_NOT_DUE: {
    message: ({ status, step, due }) => `This package is ${status}: the ${step} code is entered when it is ${due}.`,
  },
  INVALID_PICKUP_CODE: wrongCode('pickup'),
  INVALID_DELIVERY_CODE: wrongCode('delivery'),
  HANDOVER_JUST_LOCKED: {
    message: ({ attempts, minutes }) =>
      `That code is not right either. After ${attempts} wrong codes this step is locked: try again in ${minutes} minutes.`,
    field: 'code',
  },
  HANDOVER_LOCKED: {
    message: ({ minutes }) => `Too many wrong codes: try again in ${minutes} minutes.`,
    field: 'code',
  },
  CODES_SENDER_ONLY: 'Only the sender can see the handover codes.',
  DELIVERY_SMS_SENDER_ONLY: 'Only the sender can send the delivery code.',
  NO_DELIVERY_CODE: { message: ({ status }) => `This package is ${status}: there is no delivery code to send.` },
  NO_RECIPIENT_PHONE: "This package has no recipient's phone number to text.",
  DELIVERY_SMS_LIMIT: {
    message: ({ times, minutes }) =>
      `The delivery code was already texted ${times} times this hour. Try again in ${minutes} minutes, or share it yourself.`,
  },
  SMS_UNAVAILABLE: 'Text messages cannot be sent from this server. Share the delivery code with the recipient yourself.',
  WITHDRAW_TRAVELER_ONLY: 'Only the traveler carrying this package can withdraw from it.',
  WITHDRAW_AFTER_PICKUP: {
    message: ({ status }) =>
      `This package is ${status}: a traveler can only withdraw before the pickup. Open a dispute if something went wrong.`,
  },
  DISPUTE_PARTIES_ONLY: 'Only the sender or the traveler of this package can open a dispute.',
  DISPUTE_NOT_ALLOWED: {
    message: ({ status }) => `This package is ${status}: a dispute can be opened after the pickup and before completion.`,
  },
  DISPUTE_ALREADY_OPEN: 'This package already has an open dispute.',
  DISPUTE_NOT_FOUND: 'There is no dispute for this package.',
  RESOLVER_IS_PARTY: 'Ask another administrator to resolve a dispute you are part of.',
  PACKAGE_NOT_DISPUTED: {
    message: ({ status }) => `This package is ${status}: only a disputed package can be resolved.`,
  },
  NO_OPEN_DISPUTE: 'This package has no open dispute.',
  NO_TRAVELER_TO_RELEASE: 'This package has no traveler to release to.',
  CONFIRM_SENDER_ONLY: 'Only the sender can confirm the delivery.',
  PACKAGE_NOT_DELIVERED: {
    message: ({ status }) => `This package is ${status}: only a delivered package can be completed.`,
  },
} as const satisfies Record<string, ErrorWords>;
