import { queryOptions } from '@tanstack/react-query';
import type { CreateRouteAlert, RouteAlert, RouteAlertList } from '#shared/route-alerts.ts';
import { http } from '#web/lib/http.ts';

// The member's saved routes (`/api/route-alerts`, server module `route-alerts`).

export const routeAlertKeys = {
  all: ['route-alerts'] as const,
  mine: () => [...routeAlertKeys.all, 'mine'] as const,
};

export const routeAlertQueries = {
  /** GET /api/route-alerts: my alerts, newest first. */
  mine: () =>
    queryOptions({
      queryKey: routeAlertKeys.mine(),
      queryFn: ({ signal }) => http<RouteAlertList>('/api/route-alerts', { signal }),
    }),
};

/** POST /api/route-alerts: a route by its cities' slugs, or one of my trips. */
export const saveRouteAlert = (input: CreateRouteAlert) =>
  http<RouteAlert>('/api/route-alerts', { method: 'POST', body: input });

/** DELETE /api/route-alerts/{id}. */
export const deleteRouteAlert = (id: string) =>
  http<null>(`/api/route-alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
