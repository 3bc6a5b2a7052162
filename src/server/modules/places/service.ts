import { parsePlaceSlug } from '#shared/browse.ts';
import type { Place, PlaceSearchQuery, PlaceSearchResult } from '#shared/places.ts';
import { worldGazetteer } from './gazetteer.ts';

/** Place search answers from memory: no database, no network, the same on every node. */
export function searchPlaces(query: PlaceSearchQuery): PlaceSearchResult {
  return { places: worldGazetteer().search(query) };
}

/** The city a slug ("paris-fr") names: the most populous of that name in that country; null if none. */
export function placeBySlug(slug: string): Place | null {
  const parsed = parsePlaceSlug(slug);
  return parsed ? worldGazetteer().find(parsed.name, parsed.country) : null;
}
