import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PlaceSearchResult } from '#shared/places.ts';
import { http } from '#web/lib/http.ts';

/** Query keys of place search, from one factory (shared by every feature that picks a place). */
export const placeKeys = {
  all: ['places'] as const,
  search: (q: string, country: string | undefined, limit: number) =>
    [...placeKeys.all, 'search', { q, country, limit }] as const,
};

/** GET /api/places for the text typed so far; idle while the text is blank or `enabled` is false. */
export function usePlaceSearch(
  text: string,
  options: { country?: string | undefined; limit: number; enabled: boolean },
) {
  const q = text.trim();
  const { country, limit } = options;
  return useQuery({
    queryKey: placeKeys.search(q, country, limit),
    queryFn: ({ signal }) => http<PlaceSearchResult>('/api/places', { query: { q, country, limit }, signal }),
    enabled: options.enabled && q.length > 0,
    // The list keeps showing the last answer while the next one loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    // Reference data: it changes with a deploy, not while someone is on the page.
    staleTime: 60 * 60 * 1000,
  });
}

/** The value, once it has stopped changing for `delayMs`: one request per pause in typing, not per key. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
