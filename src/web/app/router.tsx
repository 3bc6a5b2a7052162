import type { DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, data, type HydrationState, Navigate, type RouteObject } from 'react-router';
import { type RenderedFor, ROUTER_STATE_ELEMENT_ID } from '#shared/page-shell.ts';
import { areValidRouteParams, type LayoutName, type RouteDef, routes, toRouterPath } from '#shared/routes.ts';
import { importWithReload } from '#web/lib/reload-guard.ts';
import { ErrorPage } from './errors/error-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { AuthPagesLayout } from './layouts/authpages-layout.tsx';
import { MiscPagesLayout } from './layouts/miscpages-layout.tsx';
import { Root } from './root.tsx';
import { RouteGate } from './route-gate.tsx';

type LayoutComponent = () => React.ReactNode;
const lazyLayout = (load: () => Promise<LayoutComponent>) => async () => ({
  Component: await importWithReload(load),
});

/**
 * The public layouts come with the app; the member and admin layouts (sidebars, live updates, the
 * socket) load with their first page, so a visitor's first page does not bring them (ADR 0054).
 */
const layoutComponents: Record<LayoutName, Pick<RouteObject, 'Component' | 'lazy'>> = {
  miscpages: { Component: MiscPagesLayout },
  authpages: { Component: AuthPagesLayout },
  authenticated: {
    lazy: lazyLayout(() => import('./layouts/authenticated-layout.tsx').then((m) => m.AuthenticatedLayout)),
  },
  dashboard: { lazy: lazyLayout(() => import('./layouts/dashboard-layout.tsx').then((m) => m.DashboardLayout)) },
  'admin-dashboard': {
    lazy: lazyLayout(() => import('./layouts/admin-dashboard-layout.tsx').then((m) => m.AdminDashboardLayout)),
  },
};

/** A malformed id in the address names nothing: a fatal 404 "Page Not Found: {path}". */
const validateParams =
  (route: RouteDef) =>
  ({ params, request }: { params: Record<string, string | undefined>; request: Request }) => {
    if (areValidRouteParams(route, params)) return null;
    const path = new URL(request.url).pathname;
    throw data(`Page Not Found: ${path}`, { status: 404, statusText: 'Page Not Found' });
  };

function toRouteObject(route: RouteDef): RouteObject {
  const hasParams = route.path.includes('{');
  return {
    path: toRouterPath(route.path),
    handle: { title: route.title, guarded: Boolean(route.guard) },
    ...(hasParams ? { loader: validateParams(route) } : {}),
    element: route.redirectTo ? <Navigate to={route.redirectTo} replace /> : <RouteGate route={route} />,
  };
}

export function buildRoutes(): RouteObject[] {
  const byLayout = (layout: LayoutName) => routes.filter((r) => r.layout === layout).map(toRouteObject);
  return [
    {
      element: <Root />,
      errorElement: <ErrorPage />,
      children: (Object.keys(layoutComponents) as LayoutName[]).map((layout) => {
        const children = byLayout(layout);
        // The unmatched path falls into the public layout.
        if (layout === 'miscpages')
          children.push({ path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } });
        // The error boundary sits inside the layout, so a broken page keeps the navigation around it.
        return { ...layoutComponents[layout], children: [{ errorElement: <ErrorPage />, children }] };
      }),
    },
  ];
}

/**
 * What the server sends with a page it rendered: the router's state, whom it drew the page for, and
 * the answers it drew it with (the listings' results, ADR 0065), for the query cache.
 */
export type PageState = HydrationState & RenderedFor & { queries?: DehydratedState };

/** The server's state for a page it rendered, or undefined for a page the browser draws alone. */
export function readHydrationData(): PageState | undefined {
  const text = document.getElementById(ROUTER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return undefined;
  }
}

export function createRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(buildRoutes(), hydrationData ? { hydrationData } : {});
}
