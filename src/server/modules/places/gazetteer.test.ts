import { describe, expect, it } from 'vitest';
import { buildGazetteer, type GeoNamesCity } from './gazetteer.ts';

const city = (name: string, country: string, population: number, adminCode = ''): GeoNamesCity => ({
  name,
  country,
  adminCode,
  population,
  loc: { coordinates: [2.35, 48.85] },
});

const gazetteer = buildGazetteer([
  city('Paris', 'FR', 2_138_551),
  city('Paris', 'US', 24_782, 'TX'),
  city('Parma', 'IT', 175_895),
  city('Pārvatīpuram', 'IN', 53_844),
  city('Paranaguá', 'BR', 140_469),
  city('Parbhani', 'IN', 315_423),
  city('Pas de la Casa', 'AD', 2_363),
  city('Pa', 'XX', 0),
  city('Paray', 'FR', 9_000),
  city('Parce', 'FR', 9_000),
  city('Parc', 'FR', 9_000),
]);
const labels = (q: string, options: { country?: string; limit?: number } = {}) =>
  gazetteer.search({ q, limit: 10, ...options }).map((p) => p.label);

describe('buildGazetteer', () => {
  it('finds names starting with the text, most populous first', () => {
    expect(labels('par', { limit: 5 })).toEqual([
      'Paris, France',
      'Parbhani, India',
      'Parma, Italy',
      'Paranaguá, Brazil',
      'Pārvatīpuram, India',
    ]);
  });

  it('keeps alphabetical order between equal populations, so answers never shuffle', () => {
    expect(labels('par', { country: 'FR' })).toEqual([
      'Paris, France',
      'Paray, France',
      'Parc, France',
      'Parce, France',
    ]);
  });

  it('ignores case, accents and punctuation in the text', () => {
    expect(labels('PARVATI')).toEqual(['Pārvatīpuram, India']);
    expect(labels('pas-de-la')).toEqual(['Pas de la Casa, Andorra']);
    expect(labels('paranagua')).toEqual(['Paranaguá, Brazil']);
  });

  it('names the US state, where towns share names most', () => {
    expect(labels('paris')).toEqual(['Paris, France', 'Paris, TX, United States']);
  });

  it('returns a place in the API shape', () => {
    expect(gazetteer.search({ q: 'parma', limit: 1 })).toEqual([
      { label: 'Parma, Italy', city: 'Parma', countryCode: 'IT', lat: 48.85, lng: 2.35 },
    ]);
  });

  it('stops at the limit and at the end of the prefix range', () => {
    expect(labels('pa', { limit: 2 })).toEqual(['Paris, France', 'Parbhani, India']);
    expect(labels('pa', { limit: 50 })).toHaveLength(11);
    expect(labels('parisx')).toEqual([]);
    expect(labels('q')).toEqual([]);
  });

  it('finds nothing for text that is only punctuation', () => {
    expect(labels('--')).toEqual([]);
  });

  it('hands out copies, so a caller cannot change the index', () => {
    const [first] = gazetteer.search({ q: 'parma', limit: 1 });
    if (first) first.city = 'Changed';
    expect(gazetteer.search({ q: 'parma', limit: 1 })[0]?.city).toBe('Parma');
  });
});
