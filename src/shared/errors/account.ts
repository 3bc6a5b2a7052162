import type { ErrorEntry } from './entry.ts';

/**
 * Account failures: sign-in, sign-up, e-mail links, passwords, Google and the mobile number. Most
 * are Better Auth's answers, translated on the way out (server/modules/auth/provider-errors.ts);
 * the GOOGLE_* link codes come back on a redirect's `?error=` and are read by the web app alone.
 */
export const accountErrors = {
  // A wrong password and an unknown e-mail share this code: telling them apart would let anyone
  // find out who has an account.
  INVALID_CREDENTIALS: { status: 401, message: 'The e-mail address or password is incorrect.' },
  SIGN_IN_LOCKED: { status: 429, message: 'Too many wrong passwords for this account; try again later.' },
  ACCOUNT_DISABLED: { status: 403, message: 'This account has been disabled.' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'The e-mail address is not confirmed yet.' },
  ACCOUNT_EXISTS: { status: 422, message: 'This e-mail address cannot be used for a new account.' },
  INVALID_EMAIL: { status: 400, message: 'The e-mail address is not valid.' },
  INVALID_NEW_EMAIL: { status: 400, message: 'The new e-mail address is not valid.' },
  CHANGE_EMAIL_DISABLED: { status: 400, message: 'Changing the e-mail address is not available.' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'The password is too short.' },
  PASSWORD_TOO_LONG: { status: 400, message: 'The password is too long.' },
  PASSWORD_TOO_COMMON: { status: 400, message: 'The password is one of the most common ones.' },
  WRONG_CURRENT_PASSWORD: { status: 400, message: 'The current password is incorrect.' },
  NO_PASSWORD_TO_CHANGE: { status: 400, message: 'This account signs in with Google and has no password.' },
  RESET_LINK_INVALID: { status: 400, message: 'The reset link has expired or was already used.' },
  VERIFY_LINK_INVALID: { status: 400, message: 'The confirmation link has expired or was already used.' },
  SESSION_NOT_FRESH: { status: 403, message: 'Sign in again before doing this.' },
  LAST_SIGN_IN_METHOD: { status: 400, message: 'The only way to sign in cannot be removed.' },
  GOOGLE_SIGN_IN_FAILED: { status: 400, message: 'Signing in with Google failed.' },
  GOOGLE_ACCOUNT_NOT_LINKED: { status: 400, message: 'An unconfirmed account holds this e-mail address.' },
  GOOGLE_EMAIL_NOT_VERIFIED: { status: 400, message: 'Google has not confirmed this e-mail address.' },
  GOOGLE_LINK_CANCELLED: { status: 400, message: 'Google sign-in was cancelled.' },
  GOOGLE_EMAIL_MISMATCH: { status: 400, message: 'The Google account uses a different e-mail address.' },
  GOOGLE_LINKED_ELSEWHERE: { status: 400, message: 'The Google account is linked to another account.' },
  GOOGLE_UNVERIFIED_EMAIL: { status: 400, message: 'Google has not confirmed the e-mail address to link.' },
  GOOGLE_LINK_FAILED: { status: 400, message: 'Linking Google failed.' },
  INVALID_PHONE_NUMBER: { status: 400, message: 'The mobile number is not valid.' },
  MOBILE_NUMBER_TAKEN: { status: 400, message: 'The mobile number is linked to another account.' },
  WRONG_MOBILE_CODE: { status: 400, message: 'The code is incorrect.' },
  TOO_MANY_MOBILE_CODE_ATTEMPTS: { status: 403, message: 'Too many wrong codes; request a new one.' },
  MOBILE_CODE_EXPIRED: { status: 400, message: 'The code has expired.' },
  MOBILE_CODE_GONE: { status: 400, message: 'The code can no longer be used.' },
  MOBILE_RATE_LIMITED: { status: 429, message: 'Too many codes requested; wait and try again.' },
  MOBILE_SIGNED_OUT: { status: 401, message: 'Sign in to add a mobile number.' },
  /** A Better Auth answer with no code of ours. */
  ACCOUNT_REQUEST_FAILED: { status: 400, message: 'The account request could not be done.' },
} as const satisfies Record<string, ErrorEntry>;
