import type { Place } from '#shared/places.ts';
import { usePlaceSearch } from '#web/components/place-picker/place-search.ts';

/**
 * The cities a visitor typed on the home page's route search (free text), as the gazetteer's best
 * match for each, to start a trip from. `ready` once both answers are in (or there was nothing to look up).
 */
export function useSearchedRoute(
  from: string,
  to: string,
): { ready: boolean; origin: Place | null; destination: Place | null } {
  const origin = usePlaceSearch(from, { limit: 1, enabled: from.trim().length > 0 });
  const destination = usePlaceSearch(to, { limit: 1, enabled: to.trim().length > 0 });
  const settled = (q: typeof origin, text: string) => text.trim().length === 0 || !q.isPending || q.isError;
  return {
    ready: settled(origin, from) && settled(destination, to),
    origin: origin.data?.places[0] ?? null,
    destination: destination.data?.places[0] ?? null,
  };
}
