import { queryOptions } from '@tanstack/react-query';
import type {
  AdminAttention,
  DashboardFigures,
  DashboardPeriod,
  DashboardPeriodQuery,
} from '#shared/admin-dashboard.ts';
import { http } from '#web/lib/http.ts';

// The back office's dashboard (`/api/admin/dashboard…`, docs/product.md §8).

export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  attention: () => [...adminDashboardKeys.all, 'attention'] as const,
  figures: () => [...adminDashboardKeys.all, 'figures'] as const,
  period: (query: DashboardPeriodQuery) => [...adminDashboardKeys.all, 'period', query] as const,
};

export const adminDashboardQueries = {
  /** GET /api/admin/dashboard/attention: what waits for an administrator, counted. */
  attention: () =>
    queryOptions({
      queryKey: adminDashboardKeys.attention(),
      queryFn: ({ signal }) => http<AdminAttention>('/api/admin/dashboard/attention', { signal }),
    }),
  /** GET /api/admin/dashboard/figures: the marketplace now (members, packages by status, trips, escrow). */
  figures: () =>
    queryOptions({
      queryKey: adminDashboardKeys.figures(),
      queryFn: ({ signal }) => http<DashboardFigures>('/api/admin/dashboard/figures', { signal }),
    }),
  /** GET /api/admin/dashboard/period: a period's money and daily activity, UTC days, both ends included. */
  period: (query: DashboardPeriodQuery) =>
    queryOptions({
      queryKey: adminDashboardKeys.period(query),
      queryFn: ({ signal }) =>
        http<DashboardPeriod>('/api/admin/dashboard/period', { query: { from: query.from, to: query.to }, signal }),
    }),
};
