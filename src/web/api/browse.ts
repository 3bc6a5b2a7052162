import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  PackageBrowsePage,
  PackageBrowseQuery,
  PublicTripCard,
  TripBrowsePage,
  TripBrowseQuery,
} from '#shared/browse.ts';
import { http } from '#web/lib/http.ts';

// The public listings (`/api/browse/…`, server module `browse`): anyone's to read, signed in or not
// (docs/product.md §3.4).

/** What a listing's address sets, in the contract's terms (the server applies the defaults). */
export type PackageBrowseFilters = Partial<Omit<PackageBrowseQuery, 'cursor' | 'limit'>>;
export type TripBrowseFilters = Partial<Omit<TripBrowseQuery, 'cursor' | 'limit'>>;

const LIMIT = 12;

export const browseKeys = {
  all: ['browse'] as const,
  packages: (filters: PackageBrowseFilters) => [...browseKeys.all, 'packages', filters] as const,
  trips: (filters: TripBrowseFilters) => [...browseKeys.all, 'trips', filters] as const,
  trip: (id: string) => [...browseKeys.all, 'trip', id] as const,
};

export const browseQueries = {
  /** GET /api/browse/packages: open packages near two cities, page by page. */
  packages: (filters: PackageBrowseFilters) =>
    infiniteQueryOptions({
      queryKey: browseKeys.packages(filters),
      queryFn: ({ pageParam, signal }) =>
        http<PackageBrowsePage>('/api/browse/packages', {
          query: { ...filters, limit: LIMIT, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // A changed filter keeps the old cards on screen until its answer arrives.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/browse/trips: upcoming trips near two cities, page by page. */
  trips: (filters: TripBrowseFilters) =>
    infiniteQueryOptions({
      queryKey: browseKeys.trips(filters),
      queryFn: ({ pageParam, signal }) =>
        http<TripBrowsePage>('/api/browse/trips', {
          query: { ...filters, limit: LIMIT, cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      placeholderData: keepPreviousData,
    }),

  /** GET /api/browse/trips/{id}: one upcoming trip, as anyone may see it. */
  trip: (id: string) =>
    queryOptions({
      queryKey: browseKeys.trip(id),
      queryFn: ({ signal }) => http<PublicTripCard>(`/api/browse/trips/${encodeURIComponent(id)}`, { signal }),
    }),
};
