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

type Fetch = typeof globalThis.fetch;
let serverFetch: Fetch | undefined;

/**
 * Where the server's renderer sends the app's requests (ADR 0065): straight into the API in the same
 * process, since a relative address means nothing there. Never set in a browser.
 */
export function fetchOnServer(fetch: Fetch) {
  serverFetch = fetch;
}

export function createHttp(options: FetchOptions = {}) {
  return ofetch.create(
    {
      credentials: 'same-origin',
      ...options,
      onResponseError({ response }) {
        if (response.status === 401) for (const listener of unauthorizedListeners) listener();
      },
    },
    // Looked up on each call, so a test's stubbed fetch is the one used.
    { fetch: (input, init) => (serverFetch ?? globalThis.fetch)(input, init) },
  );
}

export const http = createHttp();
