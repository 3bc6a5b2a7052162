import { FetchError } from 'ofetch';
import { isApiError } from '#shared/errors.ts';
import { PACKAGE_LIMITS } from '#shared/packages.ts';
import { PhotoUploadError } from './package-photos.ts';

// Every way a package request can fail, in the user's words, in one table.

export type PackageFlow = 'save' | 'photo' | 'remove-photo' | 'delete' | 'cancel';

export interface PackageFailure {
  /** Undefined when no answer came back (offline, server unreachable). */
  status: number | undefined;
  code: string | undefined;
  message: string | undefined;
  fields: Record<string, string[]> | undefined;
  requestId: string | undefined;
}

export function toPackageFailure(err: unknown): PackageFailure {
  let status: number | undefined;
  let body: unknown;
  if (err instanceof FetchError) {
    status = err.response?.status;
    body = err.data;
  } else if (err instanceof PhotoUploadError) {
    status = err.status;
    body = err.body;
  } else return { status: 500, code: 'UNKNOWN', message: undefined, fields: undefined, requestId: undefined };
  if (!isApiError(body))
    return { status, code: undefined, message: undefined, fields: undefined, requestId: undefined };
  const { code, message, fields, requestId } = body.error;
  return { status, code, message, fields, requestId };
}

interface Row {
  flows?: readonly PackageFlow[];
  statuses: readonly number[];
  message: string;
}

const PHOTO_MB = PACKAGE_LIMITS.photoBytes / (1024 * 1024);

/** First matching row wins; a 400 keeps the server's own words (they name the rule). */
const rows: readonly Row[] = [
  { statuses: [401], message: 'Your session has ended. Sign in again to continue.' },
  { statuses: [429], message: 'Too many attempts. Wait a minute and try again.' },
  { flows: ['photo'], statuses: [413], message: `Choose a photo of ${PHOTO_MB} MB or less.` },
  { statuses: [403], message: "You can't change this package." },
  { statuses: [404], message: 'This package no longer exists.' },
  {
    flows: ['save', 'photo', 'remove-photo', 'delete'],
    statuses: [409],
    message: 'This package is no longer a draft, so it can’t be changed any more.',
  },
  { flows: ['cancel'], statuses: [409], message: 'This package can no longer be cancelled here.' },
];

/** The words for one failure of one action (field errors of a form are placed by `fieldErrorsOf`). */
export function describePackageError(flow: PackageFlow, err: unknown): string {
  const failure = toPackageFailure(err);
  if (failure.status === undefined) return "Can't reach Tagalong. Check your connection.";
  const row = rows.find((r) => (!r.flows || r.flows.includes(flow)) && r.statuses.includes(failure.status as number));
  if (row) return row.message;
  if (failure.status === 400) {
    const first = Object.values(failure.fields ?? {})[0]?.[0];
    return first ?? failure.message ?? "Some details aren't valid. Check them and try again.";
  }
  const reference = failure.requestId ? ` (reference ${failure.requestId.slice(0, 8).toUpperCase()})` : '';
  return `Something went wrong on our side. Please try again in a moment.${reference}`;
}

/** The server's field errors of a 400, by the field's path as the server names it ("pickup.lat"). */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const failure = toPackageFailure(err);
  if (failure.status !== 400) return {};
  return Object.fromEntries(
    Object.entries(failure.fields ?? {})
      .filter(([, messages]) => messages[0])
      .map(([field, messages]) => [field, messages[0] as string]),
  );
}
