import { supportReference } from '#shared/auth-errors.ts';
import { NETWORK_MESSAGE, toAuthFailure } from './auth-errors.ts';

// What can go wrong while linking or unlinking Google on /auth/connect-with-google, in the user's
// words: the `?error=` codes Better Auth puts on the way back from Google
// (node_modules/better-auth/dist/oauth2/errors.mjs, plus OAuth's own `access_denied`) and the codes
// of a failed unlink request. One table, read by the page.

export interface GoogleLinkProblem {
  message: string;
  /** A way out, when there is a better one than trying again. */
  action: { to: string; label: string } | null;
}

const signInAgain = { to: '/auth/login?redirect=%2Fauth%2Fconnect-with-google', label: 'Sign in again' };

const byCode: Record<string, GoogleLinkProblem> = {
  access_denied: { message: 'Google sign-in was cancelled, so nothing changed.', action: null },
  email_does_not_match: {
    message:
      'That Google account uses a different e-mail address from your Tagalong account. Choose the Google account with the same address and try again.',
    action: null,
  },
  account_already_linked_to_different_user: {
    message:
      'That Google account is already linked to another Tagalong account. Sign in to that account to unlink it first.',
    action: null,
  },
  unable_to_link_account: {
    message: "We couldn't link that Google account: Google hasn't confirmed its e-mail address yet.",
    action: null,
  },
  SESSION_NOT_FRESH: {
    message: 'For your safety, sign in again before unlinking Google.',
    action: signInAgain,
  },
  FAILED_TO_UNLINK_LAST_ACCOUNT: {
    message: "Google is the only way you sign in, so it can't be unlinked. Set a password first.",
    action: { to: '/auth/forgot-password', label: 'Set a password' },
  },
  UNAUTHENTICATED: { message: 'Your session has ended. Sign in again to continue.', action: signInAgain },
};

/** The words for a `?error=` code on the way back from Google. */
export function describeGoogleLinkError(code: string): GoogleLinkProblem {
  return byCode[code] ?? { message: "Linking Google didn't work. Try again in a moment.", action: null };
}

/** The words for a failed request made from the page (unlinking). */
export function describeGoogleRequestError(err: unknown, now: number = Date.now()): GoogleLinkProblem {
  const { status, code, requestId } = toAuthFailure(err);
  if (status === undefined && code === undefined) return { message: NETWORK_MESSAGE, action: null };
  const known = (code && byCode[code]) || (status === 401 ? byCode.UNAUTHENTICATED : undefined);
  if (known) return known;
  return {
    message: `Something went wrong on our side. Try again in a moment; if it keeps happening, contact us and quote reference ${supportReference(requestId, now)}.`,
    action: { to: '/need-help', label: 'Contact us' },
  };
}
