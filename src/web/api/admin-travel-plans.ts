import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminTravelPlan,
  AdminTravelPlanPage,
  adminTravelPlanListQuerySchema,
} from '#shared/admin-travel-plans.ts';
import { http } from '#web/lib/http.ts';

// The back office's travel plans (`/api/admin/travel-plans`, server module `travel-plans`): the list
// screen and one trip's page read them through these keys (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/admin/travel-plans, as the contract accepts it. */
export type AdminTravelPlanListParams = z.input<typeof adminTravelPlanListQuerySchema>;

export const adminTravelPlanKeys = {
  all: ['admin', 'travel-plans'] as const,
  lists: () => [...adminTravelPlanKeys.all, 'list'] as const,
  list: (params: AdminTravelPlanListParams) => [...adminTravelPlanKeys.lists(), params] as const,
  detail: (id: string) => [...adminTravelPlanKeys.all, 'detail', id] as const,
};

export const adminTravelPlanQueries = {
  /** GET /api/admin/travel-plans?…: one page, with the list's total. */
  list: (params: AdminTravelPlanListParams) =>
    queryOptions({
      queryKey: adminTravelPlanKeys.list(params),
      queryFn: ({ signal }) => http<AdminTravelPlanPage>('/api/admin/travel-plans', { query: params, signal }),
    }),

  /** GET /api/admin/travel-plans/{id}: one trip with its packages, requests and timeline. */
  detail: (id: string) =>
    queryOptions({
      queryKey: adminTravelPlanKeys.detail(id),
      queryFn: ({ signal }) => http<AdminTravelPlan>(`/api/admin/travel-plans/${encodeURIComponent(id)}`, { signal }),
    }),
};
