import { FetchError } from 'ofetch';
import { isApiError } from '#shared/errors.ts';
import { AVATAR_MAX_BYTES } from '#shared/profiles.ts';
import { UploadError } from './avatar-upload.ts';

// Every way a profile request can fail, in the user's words, in one table. Codes are ours
// (`{ error: { code, fields } }`) and Better Auth's for change-password and change-email, which the
// server passes on in the same shape.

export type ProfileFlow = 'update-profile' | 'avatar' | 'change-password' | 'change-email' | 'delete-account';

export interface ProfileFailure {
  /** Undefined when no answer came back (offline, server unreachable). */
  status: number | undefined;
  code: string | undefined;
  fields: Record<string, string[]> | undefined;
  requestId: string | undefined;
}

export interface ProfileErrorView {
  message: string;
  /** The form field the message belongs beside, or null for the whole form. */
  field: string | null;
}

export function toProfileFailure(err: unknown): ProfileFailure {
  let status: number | undefined;
  let body: unknown;
  if (err instanceof FetchError) {
    status = err.response?.status;
    body = err.data;
  } else if (err instanceof UploadError) {
    status = err.status;
    body = err.body;
  } else return { status: 500, code: 'UNKNOWN', fields: undefined, requestId: undefined };
  if (isApiError(body))
    return { status, code: body.error.code, fields: body.error.fields, requestId: body.error.requestId };
  const code = (body as { code?: unknown } | undefined)?.code;
  return { status, code: typeof code === 'string' ? code : undefined, fields: undefined, requestId: undefined };
}

interface Row {
  flows?: readonly ProfileFlow[];
  codes?: readonly string[];
  statuses?: readonly number[];
  network?: true;
  field?: string;
  message: string;
}

const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024);

/** First matching row wins: general conditions first, then what a code means in one flow. */
export const profileErrorTable: readonly Row[] = [
  { network: true, message: "Can't reach Tagalong. Check your connection." },
  { statuses: [401], message: 'Your session has ended. Sign in again to continue.' },
  { statuses: [429], codes: ['RATE_LIMITED'], message: 'Too many attempts. Wait a minute and try again.' },
  {
    flows: ['avatar'],
    statuses: [413],
    codes: ['PAYLOAD_TOO_LARGE'],
    field: 'avatar',
    message: `Choose a photo of ${MAX_MB} MB or less.`,
  },
  {
    flows: ['change-password'],
    codes: ['INVALID_PASSWORD'],
    field: 'currentPassword',
    message: 'Your current password is not right.',
  },
  {
    flows: ['change-password'],
    codes: ['CREDENTIAL_ACCOUNT_NOT_FOUND'],
    message: 'Your account signs in with Google, so it has no password to change here.',
  },
  {
    flows: ['change-password'],
    codes: ['PASSWORD_TOO_SHORT'],
    field: 'newPassword',
    message: 'Use at least 8 characters.',
  },
  {
    flows: ['change-password'],
    codes: ['PASSWORD_TOO_LONG'],
    field: 'newPassword',
    message: 'Use at most 128 characters.',
  },
  {
    flows: ['change-password'],
    codes: ['PASSWORD_TOO_COMMON', 'PASSWORD_COMPROMISED'],
    field: 'newPassword',
    message: 'This is one of the most common passwords. Choose one that is harder to guess.',
  },
  { flows: ['change-email'], codes: ['INVALID_EMAIL'], field: 'newEmail', message: 'Enter a valid email address.' },
  {
    flows: ['change-email'],
    codes: ['CHANGE_EMAIL_DISABLED'],
    message: "Changing your e-mail address isn't available yet. Contact us and we will change it for you.",
  },
];

const GENERIC = 'Something went wrong on our side. Please try again in a moment.';

function matches(row: Row, flow: ProfileFlow, failure: ProfileFailure): boolean {
  if (row.flows && !row.flows.includes(flow)) return false;
  if (failure.status === undefined) return row.network === true;
  if (row.network) return false;
  return (
    (failure.code !== undefined && (row.codes ?? []).includes(failure.code)) ||
    (row.statuses ?? []).includes(failure.status)
  );
}

/** The words for one failure; a field error from the server keeps its own message beside that field. */
export function describeProfileError(flow: ProfileFlow, err: unknown): ProfileErrorView {
  const failure = toProfileFailure(err);
  const row = profileErrorTable.find((r) => matches(r, flow, failure));
  if (row) return { message: row.message, field: row.field ?? null };
  const [field, messages] = Object.entries(failure.fields ?? {})[0] ?? [];
  if (field && messages?.[0]) return { message: messages[0], field };
  if (failure.status !== undefined && failure.status < 500 && failure.code === 'VALIDATION_FAILED') {
    return { message: "Some details aren't valid. Check the form and try again.", field: null };
  }
  const reference = failure.requestId ? ` (reference ${failure.requestId.slice(0, 8).toUpperCase()})` : '';
  return { message: `${GENERIC}${reference}`, field: null };
}

/** Every field error the server sent, for a form that shows them all at once. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const fields = toProfileFailure(err).fields ?? {};
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, messages]) => messages[0])
      .map(([field, messages]) => [field.split('.')[0] as string, messages[0] as string]),
  );
}
