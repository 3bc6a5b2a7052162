import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Dispute, PackageCodes } from '#shared/lifecycle.ts';
import type { TravelerMatchPage } from '#shared/matching.ts';
import type { PackagePage, PackageView, packageListQuerySchema } from '#shared/packages.ts';
import type { PackageReviewState } from '#shared/reviews.ts';
import { http } from '#web/lib/http.ts';

// The packages resource (`/api/packages…`), read the same way by every screen: one key and one
// queryOptions per endpoint, so a package read by its page, by the payment screen and by the
// traveler search is one cache entry, and a live event about it refreshes all of them
// (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/packages, as the contract accepts it (before its defaults apply). */
export type PackageListParams = Omit<z.input<typeof packageListQuerySchema>, 'cursor'>;

const path = (id: string) => `/api/packages/${encodeURIComponent(id)}`;

export const packageKeys = {
  all: ['packages'] as const,
  /** Every read of GET /api/packages, one page or page by page. */
  lists: () => [...packageKeys.all, 'list'] as const,
  list: (params: PackageListParams) => [...packageKeys.lists(), params] as const,
  /** The same list read page by page: its cached data has another shape, so another key. */
  pages: (params: PackageListParams) => [...packageKeys.list(params), 'pages'] as const,
  /** Everything read about one package: its detail and what hangs off it. */
  one: (id: string) => [...packageKeys.all, 'one', id] as const,
  detail: (id: string) => [...packageKeys.one(id), 'detail'] as const,
  codes: (id: string) => [...packageKeys.one(id), 'codes'] as const,
  dispute: (id: string) => [...packageKeys.one(id), 'dispute'] as const,
  review: (id: string) => [...packageKeys.one(id), 'review'] as const,
  /** Every radius of one package's traveler matches. */
  matchesOf: (id: string) => [...packageKeys.one(id), 'matches'] as const,
  matches: (id: string, radiusKm: number) => [...packageKeys.matchesOf(id), { radiusKm }] as const,
  /** The viewer's own trips that can carry someone's open package. */
  myTrips: (id: string) => [...packageKeys.one(id), 'my-trips'] as const,
};

export const packageQueries = {
  /** GET /api/packages/{id}/my-trips: my active trips that can carry this open package (the first 20, least detour first). */
  myTrips: (id: string) =>
    queryOptions({
      queryKey: packageKeys.myTrips(id),
      queryFn: ({ signal }) => http<TravelerMatchPage>(`${path(id)}/my-trips`, { signal }),
    }),

  /** GET /api/packages/{id}: everything for its sender (and admins), the public part for other members. */
  detail: (id: string) =>
    queryOptions({
      queryKey: packageKeys.detail(id),
      queryFn: ({ signal }) => http<PackageView>(path(id), { signal }),
    }),

  /** GET /api/packages?…: one page. */
  list: (params: PackageListParams) =>
    queryOptions({
      queryKey: packageKeys.list(params),
      queryFn: ({ signal }) => http<PackagePage>('/api/packages', { query: params, signal }),
    }),

  /** GET /api/packages?…&cursor=: page by page. */
  pages: (params: PackageListParams) =>
    infiniteQueryOptions({
      queryKey: packageKeys.pages(params),
      queryFn: ({ pageParam, signal }) =>
        http<PackagePage>('/api/packages', { query: { ...params, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),

  /** GET /api/packages/{id}/codes: the pickup code until the pickup, the delivery code until the delivery (sender). */
  codes: (id: string) =>
    queryOptions({
      queryKey: packageKeys.codes(id),
      queryFn: ({ signal }) => http<PackageCodes>(`${path(id)}/codes`, { signal }),
    }),

  /** GET /api/packages/{id}/dispute: the package's latest dispute (its two members, admins). */
  dispute: (id: string) =>
    queryOptions({
      queryKey: packageKeys.dispute(id),
      queryFn: ({ signal }) => http<Dispute>(`${path(id)}/dispute`, { signal }),
    }),

  /** GET /api/packages/{id}/review: may I review, mine, and theirs once revealed. */
  review: (id: string) =>
    queryOptions({
      queryKey: packageKeys.review(id),
      queryFn: ({ signal }) => http<PackageReviewState>(`${path(id)}/review`, { signal }),
    }),

  /** GET /api/packages/{id}/matches: active trips that fit my open package, best first, page by page. */
  matches: (id: string, radiusKm: number, limit: number) =>
    infiniteQueryOptions({
      queryKey: packageKeys.matches(id, radiusKm),
      queryFn: ({ pageParam, signal }) =>
        http<TravelerMatchPage>(`${path(id)}/matches`, {
          query: { radiusKm, limit, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // A new radius keeps the old cards on screen until its answer arrives.
      placeholderData: keepPreviousData,
    }),
};
