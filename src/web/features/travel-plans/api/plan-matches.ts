import { useInfiniteQuery } from '@tanstack/react-query';
import { travelPlanQueries } from '#web/api/travel-plans.ts';

const PAGE_SIZE = 10;

/** GET /api/travel-plans/{id}/matches: open packages that fit my trip, best first, page by page. */
export function usePlanMatches(planId: string, radiusKm: number, options: { enabled: boolean }) {
  return useInfiniteQuery({ ...travelPlanQueries.matches(planId, radiusKm, PAGE_SIZE), enabled: options.enabled });
}
