import { errorStatus, toApiError } from '#web/lib/api-error.ts';

/** Why loading a package or its travelers failed, in the sender's words. */
export function describeSearchError(err: unknown): string {
  const error = toApiError(err);
  const status = errorStatus(err);
  if (error.code === 'NETWORK') return error.message;
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 429) return 'Too many searches at once. Wait a minute and try again.';
  if (status !== undefined && status < 500 && error.message) return error.message;
  const reference = error.requestId ? ` (reference ${error.requestId.slice(0, 8).toUpperCase()})` : '';
  return `Something went wrong on our side. Please try again in a moment.${reference}`;
}
