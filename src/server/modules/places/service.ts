import type { PlaceSearchQuery, PlaceSearchResult } from '#shared/places.ts';
import { worldGazetteer } from './gazetteer.ts';

/** Place search answers from memory: no database, no network, the same on every node. */
export function searchPlaces(query: PlaceSearchQuery): PlaceSearchResult {
  return { places: worldGazetteer().search(query) };
}
