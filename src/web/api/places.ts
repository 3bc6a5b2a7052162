import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlaceSearchResult, placeSearchQuerySchema } from '#shared/places.ts';
import { http } from '#web/lib/http.ts';

// Place search (`/api/places`, server module `places`), shared by every form that picks a place
// (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/places, as the contract accepts it (before its defaults apply). */
export type PlaceSearchParams = z.input<typeof placeSearchQuerySchema>;

export const placeKeys = {
  all: ['places'] as const,
  search: (params: PlaceSearchParams) => [...placeKeys.all, 'search', params] as const,
};

export const placeQueries = {
  /** GET /api/places?q=…: the places matching the text, best first. */
  search: (params: PlaceSearchParams) =>
    queryOptions({
      queryKey: placeKeys.search(params),
      queryFn: ({ signal }) => http<PlaceSearchResult>('/api/places', { query: params, signal }),
      // The list keeps showing the last answer while the next one loads, instead of flashing empty.
      placeholderData: keepPreviousData,
      // Reference data: it changes with a deploy, not while someone is on the page.
      staleTime: 60 * 60 * 1000,
    }),
};
