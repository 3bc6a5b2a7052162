import { FetchError } from 'ofetch';
import { PHONE_NUMBER_MESSAGE } from '#shared/phone.ts';
import { NETWORK_MESSAGE, toAuthFailure } from './auth-errors.ts';
import { MOBILE_CODE_EXPIRES_MINUTES } from './mobile-otp.ts';

// What can go wrong while adding a mobile number, from Better Auth's phone-number plugin codes
// (node_modules/better-auth/dist/plugins/phone-number/error-codes.mjs) and its rate limiter (a
// bare 429 with X-Retry-After), in the user's words: one table, read by both steps of the page.

export type MobileErrorKind =
  | 'NETWORK'
  | 'RATE_LIMITED'
  | 'INVALID_PHONE_NUMBER'
  | 'NUMBER_TAKEN'
  | 'WRONG_CODE'
  | 'TOO_MANY_ATTEMPTS'
  | 'CODE_EXPIRED'
  | 'CODE_GONE'
  | 'SIGNED_OUT'
  | 'UNKNOWN';

export interface MobileError {
  kind: MobileErrorKind;
  /** Seconds until the rate limit lets the next request through (RATE_LIMITED only). */
  retryAfterSeconds: number | undefined;
  /** The server's request id, for the support reference of an unexpected failure. */
  requestId: string | undefined;
}

const kindOfCode: Record<string, MobileErrorKind> = {
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  PHONE_NUMBER_EXIST: 'NUMBER_TAKEN',
  INVALID_OTP: 'WRONG_CODE',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  OTP_EXPIRED: 'CODE_EXPIRED',
  // The code's record is gone: used, replaced by a newer one, or removed after too many tries.
  OTP_NOT_FOUND: 'CODE_GONE',
  RATE_LIMITED: 'RATE_LIMITED',
};

export function toMobileError(err: unknown): MobileError {
  const { status, code, requestId } = toAuthFailure(err);
  const base = { retryAfterSeconds: undefined, requestId };
  if (status === undefined && code === undefined) return { ...base, kind: 'NETWORK' };
  if (status === 429) {
    const header = err instanceof FetchError ? Number(err.response?.headers.get('x-retry-after')) : Number.NaN;
    return { ...base, kind: 'RATE_LIMITED', retryAfterSeconds: header > 0 ? Math.ceil(header) : undefined };
  }
  if (status === 401) return { ...base, kind: 'SIGNED_OUT' };
  return { ...base, kind: (code && kindOfCode[code]) || 'UNKNOWN' };
}

function waitWords(seconds: number | undefined): string {
  if (!seconds) return 'Wait a minute, then try again.';
  return `Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`;
}

export const NUMBER_TAKEN_MESSAGE = 'This number is already linked to another account.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts — request a new code.';

export function attemptsLeftWords(left: number): string {
  if (left <= 0) return TOO_MANY_ATTEMPTS_MESSAGE;
  return `That code isn't right. You have ${left} attempt${left === 1 ? '' : 's'} left.`;
}

/** The sentence the page shows; `attemptsLeft` is the tries still allowed after a wrong code. */
export function mobileErrorMessage(error: MobileError, attemptsLeft = 0): string {
  switch (error.kind) {
    case 'NETWORK':
      return NETWORK_MESSAGE;
    case 'RATE_LIMITED':
      return `Too many requests in a short time. ${waitWords(error.retryAfterSeconds)}`;
    case 'INVALID_PHONE_NUMBER':
      return PHONE_NUMBER_MESSAGE;
    case 'NUMBER_TAKEN':
      return NUMBER_TAKEN_MESSAGE;
    case 'WRONG_CODE':
      return attemptsLeftWords(attemptsLeft);
    case 'TOO_MANY_ATTEMPTS':
      return TOO_MANY_ATTEMPTS_MESSAGE;
    case 'CODE_EXPIRED':
      return `This code has expired: codes last ${MOBILE_CODE_EXPIRES_MINUTES} minutes. Request a new code.`;
    case 'CODE_GONE':
      return 'This code can no longer be used. Request a new code.';
    case 'SIGNED_OUT':
      return 'You have been signed out. Sign in again to add your mobile number.';
    case 'UNKNOWN':
      return `Something went wrong on our side. Please try again in a moment.${
        error.requestId ? ` If it keeps happening, contact us and quote reference ${error.requestId}.` : ''
      }`;
  }
}
