import { errorStatus, toApiError } from '#web/lib/api-error.ts';

// How a lifecycle move can fail, in the member's words. The server's message names the rule that
// refused it (the package is no longer matched, only the sender can confirm), so a 4xx keeps it.

/** One sentence for a move, when no field takes the blame. */
export function describeLifecycleError(err: unknown): string {
  const error = toApiError(err);
  const status = errorStatus(err);
  if (error.code === 'NETWORK') return error.message;
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 404) return 'This package no longer exists, or is no longer yours to follow.';
  if (status === 400) return Object.values(error.fields ?? {})[0]?.[0] ?? error.message;
  if (status === 503) return error.message || 'This service is not available right now. Try again later.';
  if (status !== undefined && status < 500 && error.message) return error.message;
  const reference = error.requestId ? ` (reference ${error.requestId.slice(0, 8).toUpperCase()})` : '';
  return `Something went wrong on our side. Please try again in a moment.${reference}`;
}

/** The server's word on a field of the form (a wrong code and the tries left, a too short detail). */
export function fieldErrorOf(err: unknown, field: string): string | null {
  const status = errorStatus(err);
  if (status !== 400 && status !== 429) return null;
  return toApiError(err).fields?.[field]?.[0] ?? null;
}
