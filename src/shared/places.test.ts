import { describe, expect, it } from 'vitest';
import { PLACE_LIMITS, placeSchema, placeSearchQuerySchema } from './places.ts';

const paris = { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.85341, lng: 2.3488 };

/** The field paths a failed parse names. */
const failedFields = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.path.join('.')) ?? []);

describe('placeSchema', () => {
  it('accepts a city, with or without an address', () => {
    expect(placeSchema.parse(paris)).toEqual(paris);
    expect(placeSchema.parse({ ...paris, address: ' 5 Avenue Anatole France ' }).address).toBe(
      '5 Avenue Anatole France',
    );
  });

  it('accepts the edges of the globe', () => {
    for (const [lat, lng] of [
      [90, 180],
      [-90, -180],
      [0, 0],
    ]) {
      expect(placeSchema.safeParse({ ...paris, lat, lng }).success).toBe(true);
    }
  });

  it.each([
    [{ lat: 91 }, 'lat'],
    [{ lat: -90.0001 }, 'lat'],
    [{ lng: -181 }, 'lng'],
    [{ lng: 180.5 }, 'lng'],
    [{ lat: '48.8' }, 'lat'],
    [{ lat: Number.NaN }, 'lat'],
    [{ lng: Number.POSITIVE_INFINITY }, 'lng'],
    [{ countryCode: 'fr' }, 'countryCode'],
    [{ countryCode: 'FRA' }, 'countryCode'],
    [{ city: '  ' }, 'city'],
    [{ label: '' }, 'label'],
    [{ address: '' }, 'address'],
    [{ address: 'x'.repeat(PLACE_LIMITS.address + 1) }, 'address'],
  ])('refuses %j, naming %s', (change, field) => {
    expect(failedFields(placeSchema.safeParse({ ...paris, ...change }))).toEqual([field]);
  });

  it('refuses fields it does not know, so nothing unexpected is stored', () => {
    expect(failedFields(placeSchema.safeParse({ ...paris, population: 2_138_551 }))).toEqual(['']);
  });
});

describe('placeSearchQuerySchema', () => {
  it('reads the query string: trimmed text, any-case country, limit 10 unless given', () => {
    expect(placeSearchQuerySchema.parse({ q: ' par ', country: 'fr' })).toEqual({ q: 'par', country: 'FR', limit: 10 });
    expect(placeSearchQuerySchema.parse({ q: 'p', limit: '50' })).toEqual({ q: 'p', limit: 50 });
  });

  it.each([
    [{}, 'q'],
    [{ q: '   ' }, 'q'],
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ q: 'par', country: 'France' }, 'country'],
    [{ q: 'par', limit: '0' }, 'limit'],
    [{ q: 'par', limit: '51' }, 'limit'],
    [{ q: 'par', limit: '2.5' }, 'limit'],
    [{ q: 'par', limit: 'ten' }, 'limit'],
  ])('refuses %j, naming %s', (query, field) => {
    expect(failedFields(placeSearchQuerySchema.safeParse(query))).toEqual([field]);
  });
});
