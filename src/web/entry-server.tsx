// The server's renderer of the public pages (ADR 0056): the same routes and providers as main.tsx,
// rendered once every lazy page has loaded. For someone signed in, queries stay pending (a query
// fetches only once mounted in a browser), so the HTML is the browser's own first render. For a
// visitor, the answers the page asked for are fetched from the API and the page drawn again with them
// (ADR 0065); they go with the page, so the browser's first render is that one too.
import type { Readable } from 'node:stream';
import { dehydrate, type Query, QueryClient, QueryClientProvider, skipToken } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, type StaticHandlerContext, StaticRouterProvider } from 'react-router';
import type { RenderedFor } from '#shared/page-shell.ts';
import { authQueries } from './api/auth.ts';
import { buildRoutes, type PageState } from './app/router.tsx';

export { fetchOnServer } from './lib/http.ts';

const routes = buildRoutes();
const handler = createStaticHandler(routes);

export interface Rendered {
  /** What goes inside #root. */
  html: string;
  /** The router's state and the answers drawn, for the browser's first render to match the HTML. */
  hydrationData: PageState;
  /** Whether the page holds every answer it asked for (nothing shows as loading). */
  complete: boolean;
  /** Whether it holds answers from the API, which go stale (a listing's results). */
  withData: boolean;
}

/** How long the API's answers may take; a page whose answers are late is sent without them. */
const ANSWERS_BUDGET_MS = 1_500;

/**
 * An answer the page waits for: not there yet and meant to be asked (a closed city picker's search
 * is not). The server has no observers mounted, so `enabled` is read from the query's own options.
 */
function waiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.options.queryFn === skipToken) return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
}

async function draw(
  router: ReturnType<typeof createStaticRouter>,
  context: StaticHandlerContext,
  queryClient: QueryClient,
  url: string,
  signal?: AbortSignal,
): Promise<string> {
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
  return html;
}

/**
 * The page at `url` as HTML, or null when it is not a plain page (a redirect, an error, a 404). For a
 * `visitor` (no session cookie: no session) the page is drawn signed out — "Sign in" in the header —
 * with the answers to its queries (ADR 0064, 0065); otherwise the session is pending, as in the
 * browser's first render. Answers come through `fetchOnServer`'s fetch; one that fails is left to the
 * browser to ask (the page shows it loading).
 */
export async function render(url: string, signal?: AbortSignal, options: RenderedFor = {}): Promise<Rendered | null> {
  const context = await handler.query(new Request(url, signal ? { signal } : {}));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = authQueries.me().queryKey;
  if (options.visitor) queryClient.setQueryData(session, null);
  let html = await draw(router, context, queryClient, url, signal);

  const cache = queryClient.getQueryCache();
  let withData = false;
  if (options.visitor && cache.findAll({ predicate: waiting }).length > 0) {
    const fetched = Promise.allSettled(cache.findAll({ predicate: waiting }).map((query) => query.fetch()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const inTime = await Promise.race([
      fetched.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), ANSWERS_BUDGET_MS);
      }),
    ]);
    clearTimeout(timer);
    // Late answers are dropped (back to pending: drawn loading, asked by the browser), so nothing
    // changes under the second drawing.
    if (!inTime) await queryClient.cancelQueries();
    signal?.throwIfAborted();
    queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
    withData = true;
    html = await draw(router, context, queryClient, url, signal);
  }
  const sessionHash = queryClient.getQueryCache().find({ queryKey: session, exact: true })?.queryHash;
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryHash !== sessionHash,
  });
  return {
    html,
    hydrationData: {
      loaderData: context.loaderData,
      ...(options.visitor ? { visitor: true } : {}),
      ...(queries.queries.length > 0 ? { queries } : {}),
    },
    complete: cache.findAll({ predicate: waiting }).length === 0,
    withData,
  };
}
