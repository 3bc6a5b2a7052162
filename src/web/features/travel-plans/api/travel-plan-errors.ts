import { errorStatus, toApiError } from '#web/lib/api-error.ts';

// How a travel-plan request can fail, in the traveler's words. A 400 names its fields
// ("origin.lat" belongs to the origin picker); those messages go beside the fields themselves.

/** Field → first message, by the form's top-level field names. */
export function fieldErrorsOf(err: unknown): Record<string, string> {
  const fields = toApiError(err).fields ?? {};
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const field = path.split('.')[0] as string;
    if (messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

/** One sentence for the whole form or action, when no field takes the blame. */
export function describeTravelPlanError(err: unknown): string {
  const error = toApiError(err);
  const status = errorStatus(err);
  if (error.code === 'NETWORK') return error.message;
  if (status === 401) return 'Your session has ended. Sign in again to continue.';
  if (status === 404) return 'This trip no longer exists. Reload the page to see your trips as they are now.';
  if (status === 403) return error.message || 'Only the traveler who added this trip can change it.';
  if (status === 409) return error.message || 'This trip has changed since you opened it. Reload and try again.';
  if (status === 429) return 'Too many attempts. Wait a minute and try again.';
  if (status !== undefined && status < 500 && error.message) return error.message;
  const reference = error.requestId ? ` (reference ${error.requestId.slice(0, 8).toUpperCase()})` : '';
  return `Something went wrong on our side. Please try again in a moment.${reference}`;
}
