import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors.ts';
import { compareRank, decodeCursor, encodeCursor, type RankKey, toTenths } from './ranking.ts';

// Few distinct values per key, so ties (the interesting part of an order) happen often.
const key: fc.Arbitrary<RankKey> = fc.record({
  detourTenths: fc.integer({ min: 0, max: 6 }),
  score: fc.integer({ min: -3, max: 3 }),
  rating: fc.option(fc.constantFrom(1, 2.5, 4, 5), { nil: null }),
  id: fc.uuid(),
});
const keys = fc.uniqueArray(key, { selector: (k) => k.id, maxLength: 60 });
const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

describe('compareRank', () => {
  it('is antisymmetric, and zero only for the same key', () => {
    fc.assert(
      fc.property(key, key, (a, b) => {
        expect(sign(compareRank(a, b))).toBe(-sign(compareRank(b, a)));
        expect(compareRank(a, a)).toBe(0);
        if (a.id !== b.id) expect(compareRank(a, b)).not.toBe(0);
      }),
    );
  });

  it('is transitive', () => {
    fc.assert(
      fc.property(key, key, key, (a, b, c) => {
        if (compareRank(a, b) < 0 && compareRank(b, c) < 0) expect(compareRank(a, c)).toBeLessThan(0);
      }),
    );
  });

  it('orders by detour, then score (higher first), then rating (higher first, none last), then id', () => {
    const lexicographic = (k: RankKey) =>
      [k.detourTenths, -k.score, k.rating === null ? 1 : 0, -(k.rating ?? 0), k.id] as const;
    const byTuple = (a: RankKey, b: RankKey) => {
      const [x, y] = [lexicographic(a), lexicographic(b)];
      for (let i = 0; i < x.length; i++) {
        if (x[i] !== y[i]) return (x[i] as number | string) < (y[i] as number | string) ? -1 : 1;
      }
      return 0;
    };
    fc.assert(fc.property(key, key, (a, b) => sign(compareRank(a, b)) === byTuple(a, b)));
  });

  it('ranks the examples of the product', () => {
    const base = { rating: null, id: '00000000-0000-4000-8000-000000000001' };
    const near = { ...base, detourTenths: 10, score: 500 };
    const farRich = { ...base, detourTenths: 11, score: 90_000 };
    const nearRich = { ...base, detourTenths: 10, score: 900 };
    const rated = { ...near, rating: 4.5, id: '00000000-0000-4000-8000-000000000009' };
    expect([farRich, near, rated, nearRich].sort(compareRank)).toEqual([nearRich, rated, near, farRich]);
  });
});

describe('keyset paging', () => {
  it('pages through a ranked list with no duplicates and no gaps, whatever the page size', () => {
    fc.assert(
      fc.property(keys, fc.integer({ min: 1, max: 10 }), (all, pageSize) => {
        const ranked = [...all].sort(compareRank);
        const seen: RankKey[] = [];
        let cursor: string | null = null;
        for (let guard = 0; guard <= all.length + 1; guard++) {
          const after: RankKey | null = cursor ? decodeCursor(cursor) : null;
          const rest: RankKey[] = ranked.filter((k) => after === null || compareRank(k, after) > 0);
          const page = rest.slice(0, pageSize);
          seen.push(...page);
          const last = page.at(-1);
          cursor = rest.length > pageSize && last ? encodeCursor(last) : null;
          if (!cursor) break;
        }
        expect(seen).toEqual(ranked);
      }),
    );
  });

  it('round-trips a key through the cursor', () => {
    fc.assert(
      fc.property(key, (k) => {
        expect(decodeCursor(encodeCursor(k))).toEqual(k);
      }),
    );
  });

  it('refuses a cursor it did not give out, naming the field', () => {
    for (const bad of ['nope', encodeURIComponent('{"a":1}'), Buffer.from('[1,2,null,"x"]').toString('base64url')]) {
      let error: unknown;
      try {
        decodeCursor(bad);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION_FAILED');
      expect((error as AppError).fields).toHaveProperty('cursor');
    }
  });
});

describe('toTenths', () => {
  it('rounds to the 0.1 km a card shows', () => {
    expect(toTenths(12.34)).toBe(123);
    expect(toTenths(12.36)).toBe(124);
    expect(toTenths(0)).toBe(0);
  });
});
