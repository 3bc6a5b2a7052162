import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

// Admin pages as the app mounts them: a data router (PageHeader reads the route's title) and a fresh
// query client without retries, so a failed read shows its error state at once.

export function renderPage(path: string, url: string, element: ReactElement, title = 'Page') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path, element, handle: { title } }], { initialEntries: [url] });
  return {
    client,
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

export async function seriousViolations(container: HTMLElement) {
  // jsdom has no layout, so colours cannot be measured; everything else axe checks still runs.
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
