import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminRequest, AdminRequestPage, adminRequestListQuerySchema } from '#shared/admin-requests.ts';
import { http } from '#web/lib/http.ts';

// The back office's requests (`/api/admin/requests`, server module `requests`): the list screen and
// one request's page read them through these keys (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/admin/requests, as the contract accepts it. */
export type AdminRequestListParams = z.input<typeof adminRequestListQuerySchema>;

export const adminRequestKeys = {
  all: ['admin', 'requests'] as const,
  lists: () => [...adminRequestKeys.all, 'list'] as const,
  list: (params: AdminRequestListParams) => [...adminRequestKeys.lists(), params] as const,
  detail: (id: string) => [...adminRequestKeys.all, 'detail', id] as const,
};

export const adminRequestQueries = {
  /** GET /api/admin/requests?…: one page, with the list's total. */
  list: (params: AdminRequestListParams) =>
    queryOptions({
      queryKey: adminRequestKeys.list(params),
      queryFn: ({ signal }) => http<AdminRequestPage>('/api/admin/requests', { query: params, signal }),
    }),

  /** GET /api/admin/requests/{id}: one request with its package, trip, members and timeline. */
  detail: (id: string) =>
    queryOptions({
      queryKey: adminRequestKeys.detail(id),
      queryFn: ({ signal }) => http<AdminRequest>(`/api/admin/requests/${encodeURIComponent(id)}`, { signal }),
    }),
};
