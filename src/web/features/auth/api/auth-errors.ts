import { FetchError } from 'ofetch';
import { type AuthErrorView, type AuthFailure, type AuthFlow, describeAuthError } from '#shared/auth-errors.ts';
import { isApiError } from '#shared/errors.ts';

// Reads a failed request the way the words table (src/shared/auth-errors.ts) expects it. Better
// Auth's own endpoints answer `{ code, message }` unless the server has translated them into our
// `{ error: { code, message, requestId } }`; both are read, so the words never depend on which.

/** A failed request as the table reads it; status and code are undefined when no answer came. */
export function toAuthFailure(err: unknown): AuthFailure {
  if (!(err instanceof FetchError)) return { status: undefined, code: 'UNKNOWN' };
  if (!err.response) return { status: undefined, code: undefined };
  const status = err.response.status;
  const headerId = err.response.headers.get('x-request-id') ?? undefined;
  const data: unknown = err.data;
  if (isApiError(data)) {
    return { status, code: data.error.code, requestId: data.error.requestId ?? headerId, fields: data.error.fields };
  }
  const code = (data as { code?: unknown } | null | undefined)?.code;
  return { status, code: typeof code === 'string' && code ? code : undefined, requestId: headerId };
}

/** The user's words for a failed request of one flow. */
export function describeFailure(flow: AuthFlow, err: unknown): AuthErrorView {
  return describeAuthError(flow, toAuthFailure(err));
}

// The older reading, kept for the mobile-number step (api/mobile-errors.ts), which has its own table.
export interface AuthError {
  code: string;
  status: number | undefined;
  fields: Record<string, string[]> | undefined;
}

export const NETWORK_MESSAGE = describeAuthError('sign-in', { status: undefined, code: undefined }).message;

export function toAuthError(err: unknown): AuthError {
  const { status, code, fields } = toAuthFailure(err);
  if (status === undefined && code === undefined) return { code: 'NETWORK', status, fields };
  return { code: code ?? `HTTP_${status}`, status, fields };
}
