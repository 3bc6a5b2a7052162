import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm, type LatLng } from '#shared/geo.ts';
import { cellOf, coveringCells, grid, MATCH_GRID } from './cells.ts';

const RAD = Math.PI / 180;

/** The point `km` away from `from` along the initial bearing (degrees), longitude back in −180..180. */
function travel(from: LatLng, bearing: number, km: number): LatLng {
  const delta = km / EARTH_RADIUS_KM;
  const phi = from.lat * RAD;
  const theta = bearing * RAD;
  const lat = Math.asin(
    Math.min(1, Math.max(-1, Math.sin(phi) * Math.cos(delta) + Math.cos(phi) * Math.sin(delta) * Math.cos(theta))),
  );
  const dLng = Math.atan2(
    Math.sin(theta) * Math.sin(delta) * Math.cos(phi),
    Math.cos(delta) - Math.sin(phi) * Math.sin(lat),
  );
  let lng = from.lng + dLng / RAD;
  lng = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: Math.max(-90, Math.min(90, lat / RAD)), lng };
}

const anywhere = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
// The hard places get their own share of the cases: the poles and the antimeridian.
const nearPole = fc.record({
  lat: fc.oneof(fc.double({ min: 80, max: 90, noNaN: true }), fc.double({ min: -90, max: -80, noNaN: true })),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const nearAntimeridian = fc.record({
  lat: fc.double({ min: -89, max: 89, noNaN: true }),
  lng: fc.oneof(fc.double({ min: 178, max: 180, noNaN: true }), fc.double({ min: -180, max: -178, noNaN: true })),
});
const center = fc.oneof(anywhere, nearPole, nearAntimeridian);
const grids = fc.constantFrom(MATCH_GRID, grid(0.25), grid(2), grid(4));

describe('cellOf', () => {
  it('numbers cells row by row from the south pole and the antimeridian', () => {
    const g = grid(1);
    expect(cellOf(g, { lat: -90, lng: -180 })).toBe(0);
    expect(cellOf(g, { lat: -89.5, lng: -178.5 })).toBe(1);
    expect(cellOf(g, { lat: -88.5, lng: -180 })).toBe(360);
    expect(cellOf(g, { lat: 0, lng: 0 })).toBe(90 * 360 + 180);
    expect(cellOf(g, { lat: 48.85, lng: 2.35 })).toBe(138 * 360 + 182);
  });

  it('puts latitude 90 in the top row and longitude 180 with −180', () => {
    const g = grid(1);
    expect(cellOf(g, { lat: 90, lng: 0 })).toBe(179 * 360 + 180);
    expect(cellOf(g, { lat: 10, lng: 180 })).toBe(cellOf(g, { lat: 10, lng: -180 }));
  });

  it('always gives a cell of the grid', () => {
    fc.assert(
      fc.property(grids, anywhere, (g, p) => {
        const cell = cellOf(g, p);
        return Number.isInteger(cell) && cell >= 0 && cell < g.rows * g.cols;
      }),
    );
  });

  it('refuses a cell size that is not a power of two dividing 180', () => {
    expect(() => grid(3)).toThrow();
    expect(() => grid(0.3)).toThrow();
    expect(() => grid(256)).toThrow();
  });
});

describe('coveringCells', () => {
  it('covers every point within the radius (any bearing, any distance up to it)', () => {
    fc.assert(
      fc.property(
        grids,
        center,
        fc.double({ min: 0.1, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (g, c, radiusKm, bearing, fraction) => {
          const p = travel(c, bearing, radiusKm * fraction);
          if (haversineKm(c, p) > radiusKm) return true;
          return coveringCells(g, c, radiusKm).includes(cellOf(g, p));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('covers points at exactly the radius, where a cap is widest', () => {
    fc.assert(
      fc.property(grids, center, fc.double({ min: 1, max: 400, noNaN: true }), (g, c, radiusKm) => {
        const covered = new Set(coveringCells(g, c, radiusKm));
        for (let bearing = 0; bearing < 360; bearing += 7.5) {
          const p = travel(c, bearing, radiusKm);
          if (haversineKm(c, p) <= radiusKm && !covered.has(cellOf(g, p))) return false;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('lists each cell once, in order', () => {
    fc.assert(
      fc.property(grids, center, fc.double({ min: 0.1, max: 3000, noNaN: true }), (g, c, radiusKm) => {
        const cells = coveringCells(g, c, radiusKm);
        return cells.every((cell, i) => i === 0 || cell > (cells[i - 1] as number));
      }),
    );
  });

  it('stays small for the default radius away from the poles', () => {
    fc.assert(
      fc.property(
        fc.record({
          lat: fc.double({ min: -70, max: 70, noNaN: true }),
          lng: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        fc.double({ min: 0.1, max: 50, noNaN: true }),
        (c, radiusKm) => coveringCells(MATCH_GRID, c, radiusKm).length <= 8,
      ),
    );
  });

  it('wraps across the antimeridian', () => {
    const g = grid(1);
    const cells = coveringCells(g, { lat: -16.85, lng: 179.95 }, 50);
    expect(cells).toContain(cellOf(g, { lat: -16.85, lng: -179.9 }));
    expect(cells).toContain(cellOf(g, { lat: -16.85, lng: 179.5 }));
    expect(cells).not.toContain(cellOf(g, { lat: -16.85, lng: 177.5 }));
    expect(cells).not.toContain(cellOf(g, { lat: -16.85, lng: -177.5 }));
  });

  it('takes the whole polar row when the radius reaches over the pole', () => {
    const g = grid(1);
    const cells = coveringCells(g, { lat: 89.9, lng: 0 }, 50);
    const topRow = Array.from({ length: 360 }, (_, col) => 179 * 360 + col);
    expect(cells).toEqual(expect.arrayContaining(topRow));
    expect(cells.some((cell) => cell < 178 * 360)).toBe(false);
  });

  it('near but not over a pole, takes a wide arc and not the whole row', () => {
    const g = grid(1);
    // Longyearbyen, 78°N: 50 km is about 2.2° of longitude either way.
    const cells = coveringCells(g, { lat: 78.2232, lng: 15.6469 }, 50);
    expect(cells.length).toBeGreaterThanOrEqual(5);
    expect(cells.length).toBeLessThanOrEqual(12);
  });

  it('is the whole globe for half the circumference and more', () => {
    const g = grid(4);
    expect(coveringCells(g, { lat: 10, lng: 10 }, Math.PI * EARTH_RADIUS_KM)).toHaveLength(g.rows * g.cols);
  });
});
