import type { ErrorEntry } from './entry.ts';

export const kycErrors = {
  OWN_KYC_DECISION: { status: 403, message: 'Ask another administrator to decide your own identity check.' },
  KYC_NEEDS_PHONE: { status: 403, message: 'Add and confirm your mobile number before the identity check.' },
  KYC_ALREADY_APPROVED: { status: 409, message: 'Your identity is already confirmed.' },
  /** The settings' KYC rules: attempts in 30 days, or the wait after a decline; `until` says when. */
  KYC_TOO_MANY_ATTEMPTS: { status: 429, message: 'You have started the most identity checks allowed for now.' },
  KYC_RETRY_LATER: { status: 429, message: 'Your last identity check was declined recently; try again later.' },
  KYC_PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'The identity-check service is not answering. Try again in a minute.',
  },
  KYC_CHECK_NOT_FOUND: { status: 404, message: 'There is no such identity check.' },
  KYC_CHECK_DECIDED: { status: 409, message: 'This check has been decided already.' },
  /** The provider's callback came without a valid signature. */
  KYC_CALLBACK_UNSIGNED: { status: 401, message: 'The callback signature is missing or wrong.' },
  KYC_CALLBACK_INVALID: { status: 400, message: 'The callback body is not one we understand.' },
} as const satisfies Record<string, ErrorEntry>;
