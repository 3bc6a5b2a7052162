import type { ErrorParams } from '#shared/errors.ts';
import { formatDateTime } from '#web/lib/format.ts';
import type { ErrorWords } from '../types.ts';

const fromWhen = ({ until }: ErrorParams) => (typeof until === 'string' ? `from ${formatDateTime(until)}` : 'later');

export const kycWords = {
  OWN_KYC_DECISION: 'Ask another administrator to decide your own identity check.',
  KYC_NEEDS_PHONE: 'Add and confirm your mobile number before the identity check.',
  KYC_ALREADY_APPROVED: 'Your identity is already confirmed.',
  KYC_TOO_MANY_ATTEMPTS: {
    message: (params) =>
      `You have started as many identity checks as we allow in 30 days. You can start another ${fromWhen(params)}, or write to our team for help.`,
    actions: [{ kind: 'link', to: '/need-help', label: 'Write to our team' }],
  },
  KYC_RETRY_LATER: {
    message: (params) => `Your last check was declined. You can try again ${fromWhen(params)}.`,
  },
  KYC_PROVIDER_UNAVAILABLE: 'The identity-check service is not answering. Try again in a minute.',
  KYC_CHECK_NOT_FOUND: 'This identity check is not one of yours, or it no longer exists.',
  KYC_CHECK_DECIDED: 'This check has been decided already. Start a new one from your profile.',
  KYC_CALLBACK_UNSIGNED: 'The identity-check service’s message could not be read.',
  KYC_CALLBACK_INVALID: 'The identity-check service’s message could not be read.',
} as const satisfies Record<string, ErrorWords>;
