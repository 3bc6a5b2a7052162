import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import axe from 'axe-core';
import { FetchError } from 'ofetch';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

// Rendering an admin page as the app does (a data router, so the route title and the URL state work;
// a fresh query cache), and the answers a mocked `http` gives.

const clients: QueryClient[] = [];

/** Unmounts and empties every query cache the test made (use as afterEach). */
export function cleanupPage() {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
}

export function renderAt(path: string, routes: { path: string; element: ReactElement; title: string }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  clients.push(client);
  const router = createMemoryRouter(
    routes.map((r) => ({ path: r.path, element: r.element, handle: { title: r.title } })),
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, client, router };
}

/** An API error as ofetch throws it: a status and the catalog's body. */
export function apiFailure(status: number, code: string, fields?: Record<string, string[]>) {
  const body = { error: { code, message: code, ...(fields ? { fields } : {}) } };
  return Object.assign(new FetchError(`HTTP ${status}`), {
    response: new Response(JSON.stringify(body), { status }),
    data: body,
    status,
  });
}

export async function seriousViolations(container: HTMLElement) {
  // jsdom has no layout, so colours cannot be measured; everything else axe checks still runs.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

export function stubResizeObserver() {
  // The data table measures its width; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
