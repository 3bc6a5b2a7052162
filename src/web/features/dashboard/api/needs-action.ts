import { useQueries, useQuery } from '@tanstack/react-query';
import type { PackageRequest, RequestPage } from '#shared/requests.ts';
import type { PackageReviewState } from '#shared/reviews.ts';
import { http } from '#web/lib/http.ts';
import { type ActionItem, actionItems, completedPackageIds, inProgress } from '../lib/action-items.ts';
import { actionKeys } from './action-keys.ts';

/** How many of each list the dashboard reads; the requests page has them all. */
const LIMIT = 50;
/** Completed packages whose review is asked about, newest first. */
const REVIEWS_ASKED = 10;

function useRequestList(direction: 'incoming' | 'outgoing', status: 'pending' | 'accepted') {
  return useQuery({
    queryKey: actionKeys.requests(direction, status),
    queryFn: ({ signal }) => http<RequestPage>('/api/requests', { query: { direction, status, limit: LIMIT }, signal }),
  });
}

export interface NeedsAction {
  isPending: boolean;
  isError: boolean;
  items: ActionItem[];
  /** My packages and trips under way: matched, in transit, delivered or in dispute. */
  inProgress: PackageRequest[];
  refetch: () => void;
}

/**
 * GET /api/requests (pending incoming; accepted both ways) and GET /api/packages/{id}/review for the
 * latest completed ones: the moves waiting for me, worked out by actionItems(), and what is under way.
 */
export function useNeedsAction(): NeedsAction {
  const pending = useRequestList('incoming', 'pending');
  const acceptedIn = useRequestList('incoming', 'accepted');
  const acceptedOut = useRequestList('outgoing', 'accepted');
  const accepted = [...(acceptedIn.data?.items ?? []), ...(acceptedOut.data?.items ?? [])].sort((a, b) =>
    b.updatedAt.localeCompare(a.updatedAt),
  );
  const completed = acceptedIn.data && acceptedOut.data ? completedPackageIds(accepted, REVIEWS_ASKED) : [];
  const reviews = useQueries({
    queries: completed.map((id) => ({
      queryKey: actionKeys.review(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http<PackageReviewState>(`/api/packages/${encodeURIComponent(id)}/review`, { signal }),
    })),
  });
  const reviewable = new Set(completed.filter((_, i) => reviews[i]?.data?.canReview));
  const lists = [pending, acceptedIn, acceptedOut];
  return {
    isPending: lists.some((q) => q.isPending) || reviews.some((q) => q.isPending),
    // A review state that fails to load only hides that reminder; the requests are what matter.
    isError: lists.some((q) => q.isError),
    items: lists.every((q) => q.data) ? actionItems(pending.data?.items ?? [], accepted, reviewable) : [],
    inProgress: inProgress(accepted),
    refetch: () => {
      for (const q of [...lists, ...reviews]) if (q.isError) void q.refetch();
    },
  };
}
