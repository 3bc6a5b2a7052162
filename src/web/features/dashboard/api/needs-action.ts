import { useQueries, useQuery } from '@tanstack/react-query';
import type { PackageRequest } from '#shared/requests.ts';
import { packageQueries } from '#web/api/packages.ts';
import { requestQueries } from '#web/api/requests.ts';
import { type ActionItem, actionItems, completedPackageIds, inProgress } from '../lib/action-items.ts';

/** How many of each list the dashboard reads; the requests page has them all. */
const LIMIT = 50;
/** Completed packages whose review is asked about, newest first. */
const REVIEWS_ASKED = 10;

function useRequestList(direction: 'incoming' | 'outgoing', status: 'pending' | 'agreed' | 'accepted') {
  return useQuery(requestQueries.list({ direction, status, limit: LIMIT }));
}

export interface NeedsAction {
  isPending: boolean;
  isError: boolean;
  items: ActionItem[];
  refetch: () => void;
}

/** My accepted requests, both ways, most recently changed first: my current and past matches. */
function useAcceptedRequests() {
  const incoming = useRequestList('incoming', 'accepted');
  const outgoing = useRequestList('outgoing', 'accepted');
  const lists = [incoming, outgoing];
  return {
    lists,
    loaded: lists.every((q) => q.data),
    items: [...(incoming.data?.items ?? []), ...(outgoing.data?.items ?? [])].sort((a, b) =>
      b.updatedAt.localeCompare(a.updatedAt),
    ),
  };
}

export interface MatchesUnderWay {
  isPending: boolean;
  isError: boolean;
  /** Every accepted request (to name who carries a package I send). */
  accepted: PackageRequest[];
  /** One per package still under way: matched, in transit, delivered or in dispute, either role. */
  underway: PackageRequest[];
  refetch: () => void;
}

/** My matches under way, from the same requests as useNeedsAction (one fetch for both). */
export function useMatchesUnderWay(): MatchesUnderWay {
  const { lists, items } = useAcceptedRequests();
  return {
    isPending: lists.some((q) => q.isPending),
    isError: lists.some((q) => q.isError),
    accepted: items,
    underway: inProgress(items),
    refetch: () => {
      for (const q of lists) if (q.isError) void q.refetch();
    },
  };
}

/**
 * GET /api/requests (pending and agreed, accepted; each both ways) and GET /api/packages/{id}/review
 * for the latest completed ones: the moves waiting for me, worked out by actionItems(). Outgoing
 * pending ones matter too: a counter-offer puts my own request back to me (docs/product.md §4.5).
 */
export function useNeedsAction(): NeedsAction {
  const openLists = [
    useRequestList('incoming', 'pending'),
    useRequestList('outgoing', 'pending'),
    useRequestList('incoming', 'agreed'),
    useRequestList('outgoing', 'agreed'),
  ];
  const { lists: acceptedLists, loaded, items: accepted } = useAcceptedRequests();
  const completed = loaded ? completedPackageIds(accepted, REVIEWS_ASKED) : [];
  const reviews = useQueries({
    queries: completed.map((id) => packageQueries.review(id)),
  });
  const reviewable = new Set(completed.filter((_, i) => reviews[i]?.data?.canReview));
  const lists = [...openLists, ...acceptedLists];
  const open = openLists.flatMap((q) => q.data?.items ?? []);
  return {
    isPending: lists.some((q) => q.isPending) || reviews.some((q) => q.isPending),
    // A review state that fails to load only hides that reminder; the requests are what matter.
    isError: lists.some((q) => q.isError),
    items: lists.every((q) => q.data) ? actionItems(open, accepted, reviewable) : [],
    refetch: () => {
      for (const q of [...lists, ...reviews]) if (q.isError) void q.refetch();
    },
  };
}
