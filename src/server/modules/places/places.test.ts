import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { placeSearchResultSchema } from '#shared/places.ts';

// GET /api/places against the real bundled gazetteer, as a visitor (no session).

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
});
afterAll(() => app.close());

const search = (query: string) => app.inject({ url: `/api/places?${query}` });
const places = async (query: string) => {
  const res = await search(query);
  expect(res.statusCode, res.body).toBe(200);
  return placeSearchResultSchema.parse(res.json()).places;
};
const labels = async (query: string) => (await places(query)).map((p) => p.label);

describe('GET /api/places', () => {
  it('finds São Paulo from "sao", most populous first, with its coordinates', async () => {
    const found = await places('q=sao');
    expect(found[0]).toEqual({
      label: 'São Paulo, Brazil',
      city: 'São Paulo',
      countryCode: 'BR',
      lat: expect.closeTo(-23.55, 1),
      lng: expect.closeTo(-46.64, 1),
    });
    expect(found).toHaveLength(10);
  });

  it('ignores accents and case both ways', async () => {
    expect((await labels('q=SÃO%20PAU'))[0]).toBe('São Paulo, Brazil');
    expect((await labels('q=koln'))[0]).toBe('Köln, Germany');
    expect((await labels('q=saint%20etienne'))[0]).toBe('Saint-Étienne, France');
    expect((await labels(`q=${encodeURIComponent('Zurich')}`))[0]).toBe('Zürich, Switzerland');
  });

  it('ranks by population: Paris, France before any other "par"', async () => {
    const found = await places('q=par&limit=50');
    expect(found[0]?.label).toBe('Paris, France');
    const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect(found.filter((p) => !plain(p.city).startsWith('par'))).toEqual([]);
  });

  it('filters by country, in either case', async () => {
    const inFrance = await places('q=par&country=fr');
    expect(inFrance.length).toBeGreaterThan(1);
    expect(inFrance.every((p) => p.countryCode === 'FR')).toBe(true);
    const inTexas = await labels('q=paris&country=US');
    expect(inTexas[0]).toBe('Paris, TX, United States');
    expect(inTexas).not.toContain('Paris, France');
  });

  it('returns 10 by default, as many as asked up to 50, and nothing when nothing matches', async () => {
    expect(await places('q=s')).toHaveLength(10);
    expect(await places('q=s&limit=3')).toHaveLength(3);
    expect(await places('q=s&limit=50')).toHaveLength(50);
    expect(await places('q=qqqqzz')).toEqual([]);
  });

  it('is public, and cacheable while someone types', async () => {
    const res = await search('q=lisb');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['', 'q'],
    ['q=%20%20', 'q'],
    [`q=${'a'.repeat(101)}`, 'q'],
    ['q=par&country=FRA', 'country'],
    ['q=par&limit=0', 'limit'],
    ['q=par&limit=51', 'limit'],
    ['q=par&limit=many', 'limit'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    const { error } = apiErrorSchema.parse(res.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  it('is documented in the OpenAPI document', async () => {
    const document = (await app.inject('/api/docs/openapi.json')).json();
    expect(document.paths['/api/places'].get.responses['200']).toBeDefined();
  });
});

describe('speed', () => {
  /** Deterministic, so a slow prefix found once is found again. */
  function random(seed: number) {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  it('answers in under 10 ms at the 95th percentile, for one- to four-letter prefixes', async () => {
    const next = random(5);
    const letters = 'abcdefghijklmnoprstuvwyzé';
    const prefixes = Array.from({ length: 300 }, () => {
      const length = 1 + Math.floor(next() * 4);
      return Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('');
    });
    const url = (q: string, i: number) => `q=${encodeURIComponent(q)}&limit=50${i % 4 === 0 ? '&country=FR' : ''}`;
    // Warm-up: the index is built on first use, and the JIT needs a few rounds.
    for (const [i, q] of prefixes.slice(0, 50).entries()) await search(url(q, i));

    const round = async () => {
      const times: number[] = [];
      for (const [i, q] of prefixes.entries()) {
        const started = performance.now();
        const res = await search(url(q, i));
        times.push(performance.now() - started);
        expect(res.statusCode).toBe(200);
      }
      times.sort((a, b) => a - b);
      return times[Math.ceil(times.length * 0.95) - 1] as number;
    };
    // Other test files share these two cores; a round is measured again (at most three times) only
    // when their load, not this code, may have made it slow.
    const p95s: number[] = [];
    do p95s.push(await round());
    while (Math.min(...p95s) >= 10 && p95s.length < 3);
    expect(Math.min(...p95s), `p95 per round: ${p95s.map((t) => t.toFixed(2)).join(', ')} ms`).toBeLessThan(10);
  });
});
