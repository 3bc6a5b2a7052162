import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminConversationPage,
  AdminPackageDetail,
  AdminPackagePage,
  adminPackageListQuerySchema,
} from '#shared/admin-packages.ts';
import { http } from '#web/lib/http.ts';

// The back office's packages (`/api/admin/packages…`, docs/product.md §8): the list, one package's
// record and its conversation. One key per read, so an action on a package refreshes its record and
// every list it appears in (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/admin/packages, as the contract accepts it. */
export type AdminPackageListParams = z.input<typeof adminPackageListQuerySchema>;

const path = (id: string) => `/api/admin/packages/${encodeURIComponent(id)}`;

export const adminPackageKeys = {
  all: ['admin', 'packages'] as const,
  lists: () => [...adminPackageKeys.all, 'list'] as const,
  list: (params: AdminPackageListParams) => [...adminPackageKeys.lists(), params] as const,
  one: (id: string) => [...adminPackageKeys.all, 'one', id] as const,
  detail: (id: string) => [...adminPackageKeys.one(id), 'detail'] as const,
  conversation: (id: string, cursor: string | null) =>
    [...adminPackageKeys.one(id), 'conversation', cursor ?? 'first'] as const,
};

export const adminPackageQueries = {
  /** GET /api/admin/packages?…: one page; the previous page stays on screen while the next loads. */
  list: (params: AdminPackageListParams) =>
    queryOptions({
      queryKey: adminPackageKeys.list(params),
      queryFn: ({ signal }) => http<AdminPackagePage>('/api/admin/packages', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/packages/{id}: the package with its money, requests, timeline and dispute. */
  detail: (id: string) =>
    queryOptions({
      queryKey: adminPackageKeys.detail(id),
      queryFn: ({ signal }) => http<AdminPackageDetail>(path(id), { signal }),
    }),

  /**
   * GET /api/admin/packages/{id}/conversation: every read is written to the audit log, so it is read
   * only when asked for, never again behind the administrator's back (no refetch on focus or mount).
   */
  conversation: (id: string, cursor: string | null) =>
    queryOptions({
      queryKey: adminPackageKeys.conversation(id, cursor),
      queryFn: ({ signal }) =>
        http<AdminConversationPage>(`${path(id)}/conversation`, {
          query: cursor ? { cursor } : {},
          signal,
        }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: false,
    }),
};
