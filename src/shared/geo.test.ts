import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm, type LatLng } from './geo.ts';

const paris = { lat: 48.8566, lng: 2.3522 };
const berlin = { lat: 52.52, lng: 13.405 };
const london = { lat: 51.5074, lng: -0.1278 };
const newYork = { lat: 40.7128, lng: -74.006 };
const sydney = { lat: -33.8688, lng: 151.2093 };
const halfCircumference = Math.PI * EARTH_RADIUS_KM;

describe('haversineKm', () => {
  // Published great-circle distances between city centres.
  it.each([
    ['Paris–Berlin', paris, berlin, 878],
    ['London–New York', london, newYork, 5570],
    ['London–Sydney', london, sydney, 16_994],
  ])('%s ≈ %i km', (_, a, b, km) => {
    expect(haversineKm(a, b)).toBeGreaterThan(km * 0.995);
    expect(haversineKm(a, b)).toBeLessThan(km * 1.005);
  });

  it('measures one degree of longitude on the equator as 1/360 of the circumference', () => {
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo((2 * halfCircumference) / 360, 6);
  });

  it('goes the short way across the antimeridian', () => {
    expect(haversineKm({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(
      haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }),
      6,
    );
  });

  it('gives half the circumference pole to pole and between antipodes, never NaN', () => {
    expect(haversineKm({ lat: 90, lng: 0 }, { lat: -90, lng: 0 })).toBeCloseTo(halfCircumference, 6);
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(halfCircumference, 6);
    expect(haversineKm({ lat: 33.1, lng: -70.3 }, { lat: -33.1, lng: 109.7 })).toBeCloseTo(halfCircumference, 3);
  });
});

describe('haversineKm properties', () => {
  const point: fc.Arbitrary<LatLng> = fc.record({
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  });
  // One metre: near antipodal points the formula's floating-point error reaches centimetres (a random
  // run found 1.2 cm), far below anything a pickup radius cares about.
  const slackKm = 1e-3;

  it('is symmetric', () => {
    fc.assert(fc.property(point, point, (a, b) => Math.abs(haversineKm(a, b) - haversineKm(b, a)) <= slackKm));
  });

  it('is zero from a point to itself', () => {
    fc.assert(fc.property(point, (a) => haversineKm(a, a) === 0));
  });

  it('is never negative and never more than half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = haversineKm(a, b);
        return d >= 0 && d <= halfCircumference + slackKm;
      }),
    );
  });

  it('obeys the triangle inequality', () => {
    fc.assert(
      fc.property(
        point,
        point,
        point,
        (a, b, c) => haversineKm(a, c) <= haversineKm(a, b) + haversineKm(b, c) + slackKm,
      ),
      // The case a run found with a millimetre of slack, kept so it is tried every time.
      {
        examples: [
          [
            { lat: 0, lng: 0 },
            { lat: 6.037091348628667e-7, lng: 0 },
            { lat: 0, lng: -179.99999790869023 },
          ],
        ],
      },
    );
  });
});
