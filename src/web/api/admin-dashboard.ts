import { queryOptions } from '@tanstack/react-query';
import type { AdminAttention } from '#shared/admin-dashboard.ts';
import { http } from '#web/lib/http.ts';

// The back office's dashboard (`/api/admin/dashboard…`, docs/product.md §8).

export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  attention: () => [...adminDashboardKeys.all, 'attention'] as const,
};

export const adminDashboardQueries = {
  /** GET /api/admin/dashboard/attention: what waits for an administrator, counted. */
  attention: () =>
    queryOptions({
      queryKey: adminDashboardKeys.attention(),
      queryFn: ({ signal }) => http<AdminAttention>('/api/admin/dashboard/attention', { signal }),
    }),
};
