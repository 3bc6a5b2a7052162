import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type HydrationState, RouterProvider } from 'react-router';
import { APP_READY_ATTRIBUTE, APP_STARTING } from '#shared/page-shell.ts';
import { matchRoute } from '#shared/routes.ts';
import { authQueries } from './api/auth.ts';
import { preloadPage } from './app/route-gate.tsx';
import { createRouter, readHydrationData } from './app/router.tsx';
import { reloadOnceForFailedChunk } from './lib/reload-guard.ts';
import { refetchOnWindowFocus } from './lib/session-events.ts';

// Retries belong to the HTTP client (ofetch's policy); the query layer must not add its own.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

refetchOnWindowFocus();

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForFailedChunk()) event.preventDefault();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (hydrationData?: HydrationState) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createRouter(hydrationData)} />
    </QueryClientProvider>
  </StrictMode>
);

// A public page comes rendered by the server (ADR 0056): the app takes over that HTML instead of
// drawing it again, with the page's module loaded first so page and layout are taken over together.
async function start(container: HTMLElement) {
  // From here React handles events: what boot.ts held until now is done again once it is ready.
  document.documentElement.setAttribute(APP_READY_ATTRIBUTE, APP_STARTING);
  const hydrationData = readHydrationData();
  const match = matchRoute(window.location.pathname, { demoMode: false });
  if (!hydrationData || !container.firstChild || match.kind !== 'page') {
    createRoot(container).render(app());
    return;
  }
  // A page module that cannot be loaded now (a deploy removed it) is the page's own business: it
  // loads lazily while hydrating, and reloads or shows the error page as on any navigation.
  await preloadPage(match.route.path).catch(() => undefined);
  // Drawn for a visitor (ADR 0064): the first render shows the same signed-out header, then the
  // session is asked as on any page (stale at once, so the query fetches when mounted).
  if (hydrationData.visitor) queryClient.setQueryData(authQueries.me().queryKey, null, { updatedAt: 0 });
  // The answers the server drew the page with (a listing's results, ADR 0065): the first render shows
  // them as the HTML does; then they are asked again as the page mounts, whatever their own
  // freshness, since the page may have been cached a while (a maintenance notice switched on since).
  if (hydrationData.queries) {
    hydrate(queryClient, hydrationData.queries);
    void queryClient.invalidateQueries({ refetchType: 'none' });
  }
  hydrateRoot(container, app(hydrationData));
}
void start(root);
