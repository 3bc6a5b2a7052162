import { passwordRuleMessages } from './password-rules.ts';

// Every way an account request can fail, in the user's words, in one table. Codes are
// Better Auth's (also inside our `{ error: { code } }` shape once the server translates them), the
// admin plugin's BANNED_USER, our PASSWORD_TOO_COMMON hook, and the `?error=` codes Better Auth puts
// on a link's redirect. Wrong password and unknown user share one row on purpose: telling them apart
// would let anyone find out who has an account.

export type AuthFlow =
  | 'sign-in'
  | 'sign-up'
  | 'resend-verification'
  | 'verify-email'
  | 'forgot-password'
  | 'reset-password'
  | 'google-sign-in';

export type AuthErrorField = 'name' | 'email' | 'password';

export type AuthErrorAction =
  | { kind: 'link'; to: string; label: string }
  /** The form resends the verification e-mail to the address it holds. */
  | { kind: 'resend-verification'; label: string };

export type AuthErrorReason =
  | 'NETWORK'
  | 'TOO_MANY_ATTEMPTS'
  | 'ACCOUNT_DISABLED'
  | 'EMAIL_NOT_VERIFIED'
  | 'INVALID_CREDENTIALS'
  | 'RESET_LINK_INVALID'
  | 'VERIFY_LINK_INVALID'
  | 'ACCOUNT_EXISTS'
  | 'INVALID_EMAIL'
  | 'PASSWORD_TOO_SHORT'
  | 'PASSWORD_TOO_LONG'
  | 'PASSWORD_TOO_COMMON'
  | 'INVALID_INPUT'
  | 'GOOGLE_ACCOUNT_NOT_LINKED'
  | 'GOOGLE_EMAIL_NOT_VERIFIED'
  | 'GOOGLE_FAILED'
  | 'UNKNOWN';

/** What the client learned from a failed request (or from a link's `?error=`). */
export interface AuthFailure {
  /** Undefined when no answer came back at all (offline, server unreachable). */
  status: number | undefined;
  code: string | undefined;
  /** The server's id for the request (error.requestId, or the x-request-id header). */
  requestId?: string | undefined;
  fields?: Record<string, string[]> | undefined;
}

export interface AuthErrorView {
  reason: AuthErrorReason;
  message: string;
  /** The form field the message belongs beside, or null for the whole form. */
  field: AuthErrorField | null;
  actions: readonly AuthErrorAction[];
  /** Set for unexpected failures only: what to quote when contacting us. */
  reference: string | null;
}

interface Row {
  reason: AuthErrorReason;
  message: string;
  /** The row applies to these flows only; to every flow when absent. */
  flows?: readonly AuthFlow[];
  /** Matches when the code or the status is listed; a row with neither matches every failure of its flows. */
  codes?: readonly string[];
  statuses?: readonly number[];
  /** Matches failures that got no answer. */
  network?: true;
  field?: AuthErrorField;
  actions?: readonly AuthErrorAction[];
}

const contactUs: AuthErrorAction = { kind: 'link', to: '/need-help', label: 'Contact us' };

/** First matching row wins, so the order matters: general conditions first, then per-flow meanings. */
export const authErrorTable: readonly Row[] = [
  { reason: 'NETWORK', network: true, message: "Can't reach Tagalong. Check your connection." },
  {
    reason: 'TOO_MANY_ATTEMPTS',
    statuses: [429],
    codes: ['RATE_LIMITED', 'TOO_MANY_REQUESTS'],
    message: 'Too many attempts. Wait a minute and try again.',
  },
  {
    reason: 'ACCOUNT_DISABLED',
    // `banned` is how a refused Google sign-in comes back (as ?error= on the sign-in page).
    codes: ['BANNED_USER', 'banned'],
    message: 'This account has been disabled.',
    actions: [contactUs],
  },
  {
    reason: 'EMAIL_NOT_VERIFIED',
    codes: ['EMAIL_NOT_VERIFIED'],
    message: 'Confirm your e-mail address first.',
    actions: [{ kind: 'resend-verification', label: 'Resend the e-mail' }],
  },
  {
    reason: 'INVALID_CREDENTIALS',
    flows: ['sign-in'],
    statuses: [401],
    codes: ['INVALID_EMAIL_OR_PASSWORD', 'USER_NOT_FOUND', 'INVALID_PASSWORD', 'CREDENTIAL_ACCOUNT_NOT_FOUND'],
    message: 'Email or password is incorrect',
  },
  {
    reason: 'RESET_LINK_INVALID',
    flows: ['reset-password'],
    codes: ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND'],
    message: 'This link has expired or was already used.',
    actions: [{ kind: 'link', to: '/auth/forgot-password', label: 'Get a new link' }],
  },
  {
    reason: 'VERIFY_LINK_INVALID',
    flows: ['verify-email'],
    codes: ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER'],
    message: 'This confirmation link has expired or was already used. Sign in and we will offer to send a new one.',
  },
  {
    // Better Auth answers a sign-up for a taken address like a new one while e-mail verification is
    // required, so this row is for a configuration without it. Worded so it reads as help, not a lookup.
    reason: 'ACCOUNT_EXISTS',
    flows: ['sign-up'],
    codes: ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'],
    field: 'email',
    message: "This e-mail address can't be used for a new account. If it's yours, sign in or reset your password.",
    actions: [
      { kind: 'link', to: '/auth/login', label: 'Sign in' },
      { kind: 'link', to: '/auth/forgot-password', label: 'Reset your password' },
    ],
  },
  { reason: 'INVALID_EMAIL', codes: ['INVALID_EMAIL'], field: 'email', message: 'Enter a valid email address' },
  {
    reason: 'PASSWORD_TOO_SHORT',
    codes: ['PASSWORD_TOO_SHORT'],
    field: 'password',
    message: passwordRuleMessages.tooShort,
  },
  {
    reason: 'PASSWORD_TOO_LONG',
    codes: ['PASSWORD_TOO_LONG'],
    field: 'password',
    message: passwordRuleMessages.tooLong,
  },
  {
    reason: 'PASSWORD_TOO_COMMON',
    codes: ['PASSWORD_TOO_COMMON', 'PASSWORD_COMPROMISED'],
    field: 'password',
    message: passwordRuleMessages.tooCommon,
  },
  {
    reason: 'INVALID_INPUT',
    codes: ['VALIDATION_FAILED', 'VALIDATION_ERROR'],
    message: "Some details aren't valid. Check the form and try again.",
  },
  {
    // An account with that e-mail exists here but was never confirmed, so Google is not joined to it.
    reason: 'GOOGLE_ACCOUNT_NOT_LINKED',
    flows: ['google-sign-in'],
    codes: ['account_not_linked'],
    message:
      'An account with this e-mail address exists but was never confirmed. Confirm it from the e-mail we sent, or sign in with its password, then link Google.',
  },
  {
    reason: 'GOOGLE_EMAIL_NOT_VERIFIED',
    flows: ['google-sign-in'],
    codes: ['email_not_verified'],
    message: "Google hasn't confirmed this e-mail address, so we sent you a confirmation link. Open it, then sign in.",
  },
  {
    reason: 'GOOGLE_FAILED',
    flows: ['google-sign-in'],
    message: "Signing in with Google didn't work. Try again, or sign in with your e-mail and password.",
  },
];

function matches(row: Row, flow: AuthFlow, failure: AuthFailure): boolean {
  if (row.flows && !row.flows.includes(flow)) return false;
  if (failure.status === undefined && failure.code === undefined) return row.network === true;
  if (row.network) return false;
  if (!row.codes && !row.statuses) return true;
  return (
    (failure.code !== undefined && (row.codes ?? []).includes(failure.code)) ||
    (failure.status !== undefined && (row.statuses ?? []).includes(failure.status))
  );
}

/**
 * A short reference a person can read out to support: the start of the server's request id (enough
 * to find it in the logs), else the moment it happened, so the report can be matched by time.
 */
export function supportReference(requestId: string | undefined, now: number = Date.now()): string {
  const fromId = requestId?.replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  if (fromId) return fromId.toUpperCase();
  return `T${now.toString(36).toUpperCase()}`;
}

const fieldNames: Record<string, AuthErrorField> = {
  name: 'name',
  email: 'email',
  password: 'password',
  newPassword: 'password',
};

function firstKnownField(fields: AuthFailure['fields']): AuthErrorField | null {
  for (const key of Object.keys(fields ?? {})) {
    const field = fieldNames[key];
    if (field) return field;
  }
  return null;
}

/** The words for one failure of one flow. */
export function describeAuthError(flow: AuthFlow, failure: AuthFailure, now: number = Date.now()): AuthErrorView {
  const row = authErrorTable.find((r) => matches(r, flow, failure));
  if (row) {
    return {
      reason: row.reason,
      message: row.message,
      field: row.field ?? (row.reason === 'INVALID_INPUT' ? firstKnownField(failure.fields) : null),
      actions: row.actions ?? [],
      reference: null,
    };
  }
  const reference = supportReference(failure.requestId, now);
  return {
    reason: 'UNKNOWN',
    message: `Something went wrong on our side. Try again in a moment; if it keeps happening, contact us and quote reference ${reference}.`,
    field: null,
    actions: [contactUs],
    reference,
  };
}
