import { isErrorCode } from '#shared/errors.ts';
import { describeCode, describeError, errorStatus } from '#web/lib/errors/describe-error.ts';
import type { ErrorAction, ErrorView } from '#web/lib/errors/types.ts';

// Account screens read failures through the one words table; what they add is a fuller word for a
// failure on our side (what to quote, and a way to reach us), the check-the-form sentence, and the
// `?error=` codes Better Auth puts on a link's redirect, which are its own and mapped here.

const contactUs: ErrorAction = { kind: 'link', to: '/need-help', label: 'Contact us' };
const CHECK_THE_FORM = "Some details aren't valid. Check the form and try again.";
const UNEXPECTED = new Set(['INTERNAL', 'ACCOUNT_REQUEST_FAILED']);

/** Better Auth's field names, as the account forms name them. */
const formFields: Record<string, string> = {
  name: 'name',
  email: 'email',
  password: 'password',
  newPassword: 'password',
};

function isUnexpected(view: ErrorView): boolean {
  if (view.code === 'NETWORK') return false;
  return view.reference !== null || UNEXPECTED.has(view.code) || !isErrorCode(view.code);
}

/** A short reference a person can read out: the request id's start, else the moment it happened. */
function referenceFor(view: ErrorView, now: number): string {
  return view.reference ?? `T${now.toString(36).toUpperCase()}`;
}

export interface AccountFailureOptions {
  /** The code whose words stand for a failure on our side in this flow (Google sign-in has its own). */
  unexpected?: 'GOOGLE_SIGN_IN_FAILED';
  now?: number;
}

/** The words for a failed account request, or for a code read from a link. */
export function describeAccountView(view: ErrorView, options: AccountFailureOptions = {}): ErrorView {
  if (view.code === 'VALIDATION_FAILED') {
    return { ...view, message: CHECK_THE_FORM, field: view.field ? (formFields[view.field] ?? null) : null };
  }
  if (!isUnexpected(view)) return view;
  if (options.unexpected) return describeCode(options.unexpected);
  const reference = referenceFor(view, options.now ?? Date.now());
  return {
    ...view,
    message: `Something went wrong on our side. Try again in a moment; if it keeps happening, contact us and quote reference ${reference}.`,
    actions: [contactUs],
    reference,
  };
}

export function describeAccountFailure(err: unknown, options: AccountFailureOptions = {}): ErrorView {
  return describeAccountView(describeError(err), options);
}

// The `?error=` codes of Better Auth's redirects (its oauth2 errors, `banned` from the admin plugin,
// the e-mail link's token errors), by the page they come back to.
const googleSignInLinks: Record<string, string> = {
  banned: 'ACCOUNT_DISABLED',
  account_not_linked: 'GOOGLE_ACCOUNT_NOT_LINKED',
  email_not_verified: 'GOOGLE_EMAIL_NOT_VERIFIED',
};
const tokenErrors = ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER'];
const googleLinkLinks: Record<string, string> = {
  access_denied: 'GOOGLE_LINK_CANCELLED',
  email_does_not_match: 'GOOGLE_EMAIL_MISMATCH',
  account_already_linked_to_different_user: 'GOOGLE_LINKED_ELSEWHERE',
  unable_to_link_account: 'GOOGLE_UNVERIFIED_EMAIL',
};

export type LinkFlow = 'google-sign-in' | 'verify-email' | 'reset-password' | 'google-link';

/** The catalog code for a `?error=` code on a link's redirect to the page of `flow`. */
export function linkErrorCode(flow: LinkFlow, code: string): string {
  switch (flow) {
    case 'google-sign-in':
      return googleSignInLinks[code] ?? 'GOOGLE_SIGN_IN_FAILED';
    case 'verify-email':
      if (code === 'banned') return 'ACCOUNT_DISABLED';
      return tokenErrors.includes(code) ? 'VERIFY_LINK_INVALID' : 'ACCOUNT_REQUEST_FAILED';
    case 'reset-password':
      return tokenErrors.includes(code) ? 'RESET_LINK_INVALID' : 'ACCOUNT_REQUEST_FAILED';
    case 'google-link':
      return googleLinkLinks[code] ?? 'GOOGLE_LINK_FAILED';
  }
}

const signInAgain: ErrorAction = {
  kind: 'link',
  to: '/auth/login?redirect=%2Fauth%2Fconnect-with-google',
  label: 'Sign in again',
};

/** A failed link or unlink of Google: an ended session comes back to the page after signing in. */
export function describeGoogleRequestFailure(err: unknown): ErrorView {
  const view = describeAccountFailure(err);
  return errorStatus(err) === 401 ? { ...view, actions: [signInAgain] } : view;
}

/** The words for a `?error=` code on a link's redirect. */
export function describeLinkError(flow: LinkFlow, code: string, now?: number): ErrorView {
  return describeAccountView(describeCode(linkErrorCode(flow, code)), now === undefined ? {} : { now });
}
