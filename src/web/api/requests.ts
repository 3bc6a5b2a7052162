import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RequestPage, requestListQuerySchema } from '#shared/requests.ts';
import { http } from '#web/lib/http.ts';

// The requests resource (`/api/requests`): the requests page, the dashboard's "needs action" and the
// live refresh all read it through these keys (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/requests, as the contract accepts it (before its defaults apply). */
export type RequestListParams = Omit<z.input<typeof requestListQuerySchema>, 'cursor'>;

export const requestKeys = {
  all: ['requests'] as const,
  /** Every read of GET /api/requests: an answer changes what each of them shows. */
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (params: RequestListParams) => [...requestKeys.lists(), params] as const,
  /** The same list read page by page: its cached data has another shape, so another key. */
  pages: (params: RequestListParams) => [...requestKeys.list(params), 'pages'] as const,
};

export const requestQueries = {
  /** GET /api/requests?…: one page. */
  list: (params: RequestListParams) =>
    queryOptions({
      queryKey: requestKeys.list(params),
      queryFn: ({ signal }) => http<RequestPage>('/api/requests', { query: params, signal }),
    }),

  /** GET /api/requests?…&cursor=: newest first, page by page. */
  pages: (params: RequestListParams) =>
    infiniteQueryOptions({
      queryKey: requestKeys.pages(params),
      queryFn: ({ pageParam, signal }) =>
        http<RequestPage>('/api/requests', { query: { ...params, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};
