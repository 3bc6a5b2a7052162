import { createBrowserRouter, data, Navigate, type RouteObject } from 'react-router';
import { areValidRouteParams, type LayoutName, type RouteDef, routes, toRouterPath } from '#shared/routes.ts';
import { ErrorPage } from './errors/error-page.tsx';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { AdminDashboardLayout } from './layouts/admin-dashboard-layout.tsx';
import { AuthenticatedLayout } from './layouts/authenticated-layout.tsx';
import { AuthPagesLayout } from './layouts/authpages-layout.tsx';
import { DashboardLayout } from './layouts/dashboard-layout.tsx';
import { MiscPagesLayout } from './layouts/miscpages-layout.tsx';
import { Root } from './root.tsx';
import { RouteGate } from './route-gate.tsx';

const layoutComponents: Record<LayoutName, () => React.ReactNode> = {
  miscpages: MiscPagesLayout,
  authpages: AuthPagesLayout,
  authenticated: AuthenticatedLayout,
  dashboard: DashboardLayout,
  'admin-dashboard': AdminDashboardLayout,
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
        const Layout = layoutComponents[layout];
        const children = byLayout(layout);
        // The unmatched path falls into the public layout.
        if (layout === 'miscpages')
          children.push({ path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } });
        // The error boundary sits inside the layout, so a broken page keeps the navigation around it.
        return { element: <Layout />, children: [{ errorElement: <ErrorPage />, children }] };
      }),
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
