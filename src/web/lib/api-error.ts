import { FetchError } from 'ofetch';
import { type ApiError, isApiError } from '#shared/errors.ts';

/** The API's error body when there is one, else a network-shaped error the UI can word. */
export function toApiError(err: unknown): ApiError['error'] {
  if (err instanceof FetchError) {
    if (isApiError(err.data)) return err.data.error;
    if (!err.response) return { code: 'NETWORK', message: "Can't reach Tagalong. Check your connection." };
    return { code: `HTTP_${err.response.status}`, message: err.response.statusText || 'Request failed' };
  }
  return { code: 'UNKNOWN', message: err instanceof Error ? err.message : 'Something went wrong' };
}

export function errorStatus(err: unknown): number | undefined {
  return err instanceof FetchError ? err.response?.status : undefined;
}
