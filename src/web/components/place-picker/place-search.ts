import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { placeQueries } from '#web/api/places.ts';

/** GET /api/places for the text typed so far; idle while the text is blank or `enabled` is false. */
export function usePlaceSearch(
  text: string,
  options: { country?: string | undefined; limit: number; enabled: boolean },
) {
  const q = text.trim();
  const { country, limit } = options;
  return useQuery({ ...placeQueries.search({ q, country, limit }), enabled: options.enabled && q.length > 0 });
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
