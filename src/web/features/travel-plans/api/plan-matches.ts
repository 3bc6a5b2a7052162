import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { PackageMatchPage } from '#shared/matching.ts';
import { http } from '#web/lib/http.ts';
import { travelPlanKeys } from './travel-plan-keys.ts';

const PAGE_SIZE = 10;

/** GET /api/travel-plans/{id}/matches: open packages that fit my trip, best first, page by page. */
export function usePlanMatches(planId: string, radiusKm: number, options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: travelPlanKeys.matches(planId, radiusKm),
    queryFn: ({ pageParam, signal }) =>
      http<PackageMatchPage>(`/api/travel-plans/${encodeURIComponent(planId)}/matches`, {
        query: { radiusKm, limit: PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: options.enabled,
    // A new radius keeps the old cards on screen until its answer arrives, instead of a flash of nothing.
    placeholderData: keepPreviousData,
  });
}
