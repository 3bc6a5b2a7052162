import { errorStatus, toApiError } from '#web/lib/api-error.ts';

/**
 * Why answering, withdrawing or sending a request failed, in the member's words. The server's own
 * message names the rule that refused it (the package is matched already, the trip no longer fits,
 * a pending request exists), so a 4xx keeps it.
 */
export function describeRequestError(err: unknown): string {
  const error = toApiError(err);
  const status = errorStatus(err);
  if (error.code === 'NETWORK') return error.message;
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 404) return 'This request no longer exists. Reload the page to see your requests as they are now.';
  if (status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (status === 400) {
    const first = Object.values(error.fields ?? {})[0]?.[0];
    return first ?? error.message;
  }
  if (status !== undefined && status < 500 && error.message) return error.message;
  const reference = error.requestId ? ` (reference ${error.requestId.slice(0, 8).toUpperCase()})` : '';
  return `Something went wrong on our side. Please try again in a moment.${reference}`;
}
