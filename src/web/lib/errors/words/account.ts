import type { ErrorParams } from '#shared/errors.ts';
import { passwordRuleMessages } from '#shared/password-limits.ts';
import { PHONE_NUMBER_MESSAGE } from '#shared/phone-message.ts';
import type { ErrorAction, ErrorWords } from '../types.ts';

const contactUs: ErrorAction = { kind: 'link', to: '/need-help', label: 'Contact us' };
const signInAgain: ErrorAction = {
  kind: 'link',
  to: '/auth/login?redirect=%2Fauth%2Fconnect-with-google',
  label: 'Sign in again',
};

export const TOO_MANY_MOBILE_CODE_ATTEMPTS = 'Too many attempts — request a new code.';

function attemptsLeft(params: ErrorParams): string {
  const left = Number(params.attemptsLeft ?? 0);
  if (!(left > 0)) return TOO_MANY_MOBILE_CODE_ATTEMPTS;
  return `That code isn't right. You have ${left} attempt${left === 1 ? '' : 's'} left.`;
}

function waitForCodes(params: ErrorParams): string {
  const seconds = Number(params.retryAfterSeconds ?? 0);
  const wait =
    seconds > 0
      ? `Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`
      : 'Wait a minute, then try again.';
  return `Too many requests in a short time. ${wait}`;
}

export const accountWords = {
  // One sentence for a wrong password and an unknown e-mail, on purpose (no account enumeration).
  INVALID_CREDENTIALS: 'Email or password is incorrect',
  SIGN_IN_LOCKED: 'Too many attempts. Wait a minute and try again.',
  ACCOUNT_DISABLED: { message: 'This account has been disabled.', actions: [contactUs] },
  EMAIL_NOT_VERIFIED: {
    message: 'Confirm your e-mail address first.',
    actions: [{ kind: 'resend-verification', label: 'Resend the e-mail' }],
  },
  // Worded so it reads as help, not as a lookup of who has an account.
  ACCOUNT_EXISTS: {
    message: "This e-mail address can't be used for a new account. If it's yours, sign in or reset your password.",
    field: 'email',
    actions: [
      { kind: 'link', to: '/auth/login', label: 'Sign in' },
      { kind: 'link', to: '/auth/forgot-password', label: 'Reset your password' },
    ],
  },
  INVALID_EMAIL: { message: 'Enter a valid email address', field: 'email' },
  INVALID_NEW_EMAIL: { message: 'Enter a valid email address.', field: 'newEmail' },
  CHANGE_EMAIL_DISABLED: "Changing your e-mail address isn't available yet. Contact us and we will change it for you.",
  PASSWORD_TOO_SHORT: { message: passwordRuleMessages.tooShort, field: 'password' },
  PASSWORD_TOO_LONG: { message: passwordRuleMessages.tooLong, field: 'password' },
  PASSWORD_TOO_COMMON: { message: passwordRuleMessages.tooCommon, field: 'password' },
  WRONG_CURRENT_PASSWORD: { message: 'Your current password is not right.', field: 'currentPassword' },
  NO_PASSWORD_TO_CHANGE: 'Your account signs in with Google, so it has no password to change here.',
  RESET_LINK_INVALID: {
    message: 'This link has expired or was already used.',
    actions: [{ kind: 'link', to: '/auth/forgot-password', label: 'Get a new link' }],
  },
  VERIFY_LINK_INVALID:
    'This confirmation link has expired or was already used. Sign in and we will offer to send a new one.',
  SESSION_NOT_FRESH: { message: 'For your safety, sign in again before unlinking Google.', actions: [signInAgain] },
  LAST_SIGN_IN_METHOD: {
    message: "Google is the only way you sign in, so it can't be unlinked. Set a password first.",
    actions: [{ kind: 'link', to: '/auth/forgot-password', label: 'Set a password' }],
  },
  GOOGLE_SIGN_IN_FAILED: "Signing in with Google didn't work. Try again, or sign in with your e-mail and password.",
  // An account with that e-mail exists here but was never confirmed, so Google is not joined to it.
  GOOGLE_ACCOUNT_NOT_LINKED:
    'An account with this e-mail address exists but was never confirmed. Confirm it from the e-mail we sent, or sign in with its password, then link Google.',
  GOOGLE_EMAIL_NOT_VERIFIED:
    "Google hasn't confirmed this e-mail address, so we sent you a confirmation link. Open it, then sign in.",
  GOOGLE_LINK_CANCELLED: 'Google sign-in was cancelled, so nothing changed.',
  GOOGLE_EMAIL_MISMATCH:
    'That Google account uses a different e-mail address from your Tagalong account. Choose the Google account with the same address and try again.',
  GOOGLE_LINKED_ELSEWHERE:
    'That Google account is already linked to another Tagalong account. Sign in to that account to unlink it first.',
  GOOGLE_UNVERIFIED_EMAIL: "We couldn't link that Google account: Google hasn't confirmed its e-mail address yet.",
  GOOGLE_LINK_FAILED: "Linking Google didn't work. Try again in a moment.",
  INVALID_PHONE_NUMBER: PHONE_NUMBER_MESSAGE,
  MOBILE_NUMBER_TAKEN: 'This number is already linked to another account.',
  WRONG_MOBILE_CODE: { message: attemptsLeft },
  TOO_MANY_MOBILE_CODE_ATTEMPTS,
  MOBILE_CODE_EXPIRED: {
    message: ({ minutes }) =>
      minutes
        ? `This code has expired: codes last ${minutes} minutes. Request a new code.`
        : 'This code has expired. Request a new code.',
  },
  MOBILE_CODE_GONE: 'This code can no longer be used. Request a new code.',
  MOBILE_RATE_LIMITED: { message: waitForCodes },
  MOBILE_SIGNED_OUT: 'You have been signed out. Sign in again to add your mobile number.',
  ACCOUNT_REQUEST_FAILED: {
    message: 'Something went wrong on our side. Try again in a moment; if it keeps happening, contact us.',
    actions: [contactUs],
  },
} as const satisfies Record<string, ErrorWords>;
