import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { FetchError } from 'ofetch';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '#web/components/ui/toaster.tsx';

// Component tests of whole screens: the page in a router at a URL, with a fresh query client, and the
// server answered by `mockApi`'s handlers through a stubbed `fetch` (the app's real http client and
// data layer run unchanged).

// Tables measure their width to decide whether they scroll, dialogs ask for media queries: jsdom has
// neither ResizeObserver nor matchMedia.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

type Handler = (request: { url: URL; body: unknown }) => unknown;

/** An answer other than 200: `throw apiError(404, 'PACKAGE_NOT_FOUND')` or return it. */
export class MockResponse {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    this.status = status;
    this.body = body;
  }
}

export const apiError = (status: number, code: string, message = code) =>
  new MockResponse(status, { error: { code, message, requestId: 'test' } });

/** A promise that never settles: the screen stays in its loading state. */
export const never = () => new Promise<never>(() => {});

/**
 * Answers `fetch` from handlers keyed "METHOD /path" (no query string); an unhandled call fails the
 * test with its name. Returns the calls made, to assert on what the screen sent.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://app.test'), init);
    const url = new URL(request.url, 'http://app.test');
    const method = (init.method ?? request.method ?? 'GET').toUpperCase();
    const raw = init.body ?? null;
    const body = typeof raw === 'string' && raw ? JSON.parse(raw) : raw;
    calls.push({ method, url, body });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json(599, { error: { code: 'UNMOCKED', message: `${method} ${url.pathname}` } });
    try {
      const answer = await handler({ url, body });
      return answer instanceof MockResponse ? json(answer.status, answer.body) : json(200, answer);
    } catch (err) {
      if (err instanceof MockResponse) return json(err.status, err.body);
      throw err;
    }
  });
  return calls;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * The screen at `url` (anything else it navigates to renders "Elsewhere"), matched by its route `path` (":id" style) in a data router as the app's (the
 * route's `title` is what the page header shows), in a fresh query client.
 */
export function renderPage(
  page: ReactElement,
  { url, path = url.split('?')[0], title = 'Page' }: { url: string; path?: string; title?: string },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: page, handle: { title } },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  return {
    client,
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>,
    ),
  };
}

/** axe's serious and critical findings (jsdom has no layout, so colour contrast is left to the e2e runs). */
export async function seriousViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const clients: QueryClient[] = [];

/** Unmounts and empties every query cache `renderAt` made (use as afterEach). */
export function cleanupPage() {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
}

/** Several routes at once (a list and the record it links to), starting at `url`. */
export function renderAt(url: string, pages: { path: string; element: ReactElement; title: string }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  clients.push(client);
  const router = createMemoryRouter(
    pages.map((page) => ({ path: page.path, element: page.element, handle: { title: page.title } })),
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, client, router };
}

/** An API error as ofetch throws it, for tests that mock `http` itself: a status and the catalog's body. */
export function apiFailure(status: number, code: string, fields?: Record<string, string[]>) {
  const body = { error: { code, message: code, ...(fields ? { fields } : {}) } };
  return Object.assign(new FetchError(`HTTP ${status}`), {
    response: new Response(JSON.stringify(body), { status }),
    data: body,
    status,
  });
}
