import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PackageMatchPage } from '#shared/matching.ts';
import type { TravelPlan, TravelPlanPage, travelPlanListQuerySchema } from '#shared/travel-plans.ts';
import { http } from '#web/lib/http.ts';

// The travel-plans resource (`/api/travel-plans…`): the trips pages and the dashboard read it through
// these keys (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/travel-plans, as the contract accepts it (before its defaults apply). */
export type TravelPlanListParams = Omit<z.input<typeof travelPlanListQuerySchema>, 'cursor'>;

const path = (id: string) => `/api/travel-plans/${encodeURIComponent(id)}`;

export const travelPlanKeys = {
  all: ['travel-plans'] as const,
  /** Every read of GET /api/travel-plans. */
  lists: () => [...travelPlanKeys.all, 'list'] as const,
  list: (params: TravelPlanListParams) => [...travelPlanKeys.lists(), params] as const,
  /** The same list read page by page: its cached data has another shape, so another key. */
  pages: (params: TravelPlanListParams) => [...travelPlanKeys.list(params), 'pages'] as const,
  detail: (id: string) => [...travelPlanKeys.all, 'detail', id] as const,
  /** The viewer's own open packages that someone's trip can carry. */
  myPackages: (id: string) => [...travelPlanKeys.all, 'my-packages', id] as const,
  /** Every plan's matches: a request links a package to the traveler, on each of their trips. */
  allMatches: () => [...travelPlanKeys.all, 'matches'] as const,
  /** Every radius of one plan's matches, so a change to the plan refreshes them all. */
  matchesOf: (id: string) => [...travelPlanKeys.allMatches(), id] as const,
  matches: (id: string, radiusKm: number) => [...travelPlanKeys.matchesOf(id), { radiusKm }] as const,
};

export const travelPlanQueries = {
  /** GET /api/travel-plans/{id}/my-packages: my open packages this trip can carry (the first 20, least detour first). */
  myPackages: (id: string) =>
    queryOptions({
      queryKey: travelPlanKeys.myPackages(id),
      queryFn: ({ signal }) => http<PackageMatchPage>(`${path(id)}/my-packages`, { signal }),
    }),

  /** GET /api/travel-plans/{id}. */
  detail: (id: string) =>
    queryOptions({
      queryKey: travelPlanKeys.detail(id),
      queryFn: ({ signal }) => http<TravelPlan>(path(id), { signal }),
    }),

  /** GET /api/travel-plans?…: one page. */
  list: (params: TravelPlanListParams) =>
    queryOptions({
      queryKey: travelPlanKeys.list(params),
      queryFn: ({ signal }) => http<TravelPlanPage>('/api/travel-plans', { query: params, signal }),
    }),

  /** GET /api/travel-plans?…&cursor=: page by page. */
  pages: (params: TravelPlanListParams) =>
    infiniteQueryOptions({
      queryKey: travelPlanKeys.pages(params),
      queryFn: ({ pageParam, signal }) =>
        http<TravelPlanPage>('/api/travel-plans', { query: { ...params, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
    }),

  /** GET /api/travel-plans/{id}/matches: open packages that fit my trip, best first, page by page. */
  matches: (id: string, radiusKm: number, limit: number) =>
    infiniteQueryOptions({
      queryKey: travelPlanKeys.matches(id, radiusKm),
      queryFn: ({ pageParam, signal }) =>
        http<PackageMatchPage>(`${path(id)}/matches`, {
          query: { radiusKm, limit, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // A new radius keeps the old cards on screen until its answer arrives, instead of a flash of nothing.
      placeholderData: keepPreviousData,
    }),
};
