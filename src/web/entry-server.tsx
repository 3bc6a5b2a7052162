// The server's renderer of the public pages (ADR 0056): the same routes and providers as main.tsx,
// rendered once every lazy page has loaded. Queries stay pending (a query fetches only once mounted in
// a browser), so the HTML is the browser's own first render, and hydration finds it unchanged.
import type { Readable } from 'node:stream';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderedFor } from '#shared/page-shell.ts';
import { authQueries } from './api/auth.ts';
import { buildRoutes } from './app/router.tsx';

const routes = buildRoutes();
const handler = createStaticHandler(routes);

export interface Rendered {
  /** What goes inside #root. */
  html: string;
  /** The router's state, for the browser's router to start from without running loaders again. */
  hydrationData: { loaderData: Record<string, unknown> } & RenderedFor;
}

/**
 * The page at `url` as HTML, or null when it is not a plain page (a redirect, an error, a 404). For a
 * `visitor` (no session cookie: no session) the page is drawn signed out — "Sign in" in the header —
 * and says so in its state, so the browser starts from the same answer (ADR 0064); otherwise the
 * session is pending, as in the browser's first render.
 */
export async function render(url: string, signal?: AbortSignal, options: RenderedFor = {}): Promise<Rendered | null> {
  const context = await handler.query(new Request(url, signal ? { signal } : {}));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (options.visitor) queryClient.setQueryData(authQueries.me().queryKey, null);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
    {
      // Never split a large part out to be swapped in by an inline script: the CSP forbids inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
      ...(signal ? { signal } : {}),
    },
  );
  // A part that failed here would be drawn again by the browser, with an error in its console: the
  // page goes without HTML instead, and the error reaches the server's log.
  if (errors.length > 0) throw new AggregateError(errors, `rendering ${url} failed`);
  let html = '';
  for await (const chunk of prelude as Readable) html += chunk.toString();
  return {
    html,
    hydrationData: { loaderData: context.loaderData, ...(options.visitor ? { visitor: true } : {}) },
  };
}
