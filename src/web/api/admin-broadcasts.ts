import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Broadcast,
  BroadcastAudience,
  BroadcastDraft,
  BroadcastPage,
  BroadcastSegment,
} from '#shared/admin-broadcasts.ts';
import { http } from '#web/lib/http.ts';
import { auditKeys } from './admin-audit.ts';

// The back office's broadcasts (`/api/admin/broadcasts…`, docs/product.md §8): how many members a
// segment holds, the history newest first, one broadcast, and a send
// (docs/decisions/0037-one-web-data-layer.md).

export const broadcastKeys = {
  all: ['admin', 'broadcasts'] as const,
  list: () => [...broadcastKeys.all, 'list'] as const,
  detail: (id: string) => [...broadcastKeys.all, 'detail', id] as const,
  audience: (segment: BroadcastSegment) => [...broadcastKeys.all, 'audience', segment] as const,
};

/** True while the server is still writing a broadcast's notifications. */
export const isInFlight = (broadcast: Pick<Broadcast, 'status'>) => broadcast.status !== 'sent';

/** How often the history is read again while a broadcast is on its way, so its progress moves. */
export const BROADCAST_POLL_MS = 1000;

/** POST /api/admin/broadcasts/audience: how many members the segment holds now. */
export const countAudience = (segment: BroadcastSegment, signal?: AbortSignal) =>
  http<BroadcastAudience>('/api/admin/broadcasts/audience', { method: 'POST', body: { segment }, signal });

export const broadcastQueries = {
  /**
   * The audience a segment would reach. A POST that changes nothing, so it is cached like a read;
   * never fresh, since members join and verify all the time and the count shown must be today's.
   */
  audience: (segment: BroadcastSegment) =>
    queryOptions({
      queryKey: broadcastKeys.audience(segment),
      queryFn: ({ signal }) => countAudience(segment, signal),
      staleTime: 0,
    }),

  /**
   * GET /api/admin/broadcasts: the history, newest first, a page at a time. While one of them is
   * queued or sending every loaded page is read again each second; polling stops once all are sent.
   */
  list: () =>
    infiniteQueryOptions({
      queryKey: broadcastKeys.list(),
      initialPageParam: null as string | null,
      queryFn: ({ pageParam, signal }) =>
        http<BroadcastPage>('/api/admin/broadcasts', { query: pageParam ? { cursor: pageParam } : {}, signal }),
      getNextPageParam: (last) => last.nextCursor,
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) => page.items.some(isInFlight)) ? BROADCAST_POLL_MS : false,
    }),

  /** GET /api/admin/broadcasts/{id}: one broadcast and its progress. */
  detail: (id: string) =>
    queryOptions({
      queryKey: broadcastKeys.detail(id),
      queryFn: ({ signal }) => http<Broadcast>(`/api/admin/broadcasts/${encodeURIComponent(id)}`, { signal }),
      refetchInterval: (query) => (query.state.data && isInFlight(query.state.data) ? BROADCAST_POLL_MS : false),
    }),
};

/**
 * POST /api/admin/broadcasts: queues the broadcast (201, status `queued`); the server sends it in
 * batches in the background. The history gains it at once and the audit log the send.
 */
export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: BroadcastDraft) => http<Broadcast>('/api/admin/broadcasts', { method: 'POST', body: draft }),
    // Not awaited: the send is done once queued, whatever the history's refetch takes.
    onSuccess: (created) => {
      client.setQueryData(broadcastKeys.detail(created.id), created);
      void client.invalidateQueries({ queryKey: broadcastKeys.list() });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
