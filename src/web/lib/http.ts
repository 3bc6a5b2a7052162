import { type FetchOptions, ofetch } from 'ofetch';

// One HTTP client for the whole app. ofetch's defaults are the retry policy we want: statuses
// 408, 409, 425, 429, 500, 502, 503, 504 are retried once for GET/HEAD/OPTIONS and never for
// POST, PUT, PATCH, DELETE; plain objects are sent as JSON. Tests pin this down (http.test.ts).

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on every 401, so the session view refreshes when a session expires or is revoked. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export function createHttp(options: FetchOptions = {}) {
  return ofetch.create({
    credentials: 'same-origin',
    ...options,
    onResponseError({ response }) {
      if (response.status === 401) for (const listener of unauthorizedListeners) listener();
    },
  });
}

export const http = createHttp();
