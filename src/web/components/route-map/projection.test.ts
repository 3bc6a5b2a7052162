import { expect, it } from 'vitest';
import { haversineKm } from '#shared/geo.ts';
import countries from './countries-110m.json' with { type: 'json' };
import { fitFrame, greatCircle, pathOf, ringVisible, worldCopies } from './projection.ts';
import { ringsOf, type Topology } from './topology.ts';

const paris = { lat: 48.85341, lng: 2.3488 };
const berlin = { lat: 52.52437, lng: 13.41053 };
const suva = { lat: -18.14161, lng: 178.44149 };
const apia = { lat: -13.83333, lng: -171.76666 };

it('decodes the bundled outlines into closed rings of longitude and latitude', () => {
  const rings = ringsOf(countries as unknown as Topology, 'countries');
  expect(rings.length).toBeGreaterThan(250);
  for (const ring of rings) {
    expect(ring.at(0)).toEqual(ring.at(-1));
    for (const [lon, lat] of ring) {
      expect(Math.abs(lon)).toBeLessThanOrEqual(180.0001);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
  }
  // France is drawn: some ring passes near Paris.
  expect(rings.some((ring) => ring.some(([lon, lat]) => Math.abs(lon - 2.35) < 3 && Math.abs(lat - 48.85) < 3))).toBe(
    true,
  );
});

it('frames both ends inside the picture with a margin', () => {
  const frame = fitFrame(paris, berlin, 640, 280);
  for (const end of [paris, berlin]) {
    const [x, y] = frame.project([end.lng, end.lat]);
    expect(x).toBeGreaterThan(640 * 0.15);
    expect(x).toBeLessThan(640 * 0.85);
    expect(y).toBeGreaterThan(280 * 0.1);
    expect(y).toBeLessThan(280 * 0.9);
  }
  expect(worldCopies(frame)).toEqual([0]);
});

it('follows the great circle, whose length is the distance shown', () => {
  const line = greatCircle(paris, berlin, 64);
  expect(line[0]?.[0]).toBeCloseTo(paris.lng, 6);
  expect(line[0]?.[1]).toBeCloseTo(paris.lat, 6);
  const last = line.at(-1) as [number, number];
  expect(last[0]).toBeCloseTo(berlin.lng, 6);
  expect(last[1]).toBeCloseTo(berlin.lat, 6);
  let km = 0;
  for (let i = 1; i < line.length; i++) {
    const [a, b] = [line[i - 1], line[i]] as [[number, number], [number, number]];
    km += haversineKm({ lng: a[0], lat: a[1] }, { lng: b[0], lat: b[1] });
  }
  expect(km).toBeCloseTo(haversineKm(paris, berlin), 3);
});

it('keeps a route over the antimeridian one short line, with the outlines drawn on both sides', () => {
  const line = greatCircle(suva, apia);
  for (let i = 1; i < line.length; i++) {
    expect(Math.abs((line[i]?.[0] ?? 0) - (line[i - 1]?.[0] ?? 0))).toBeLessThan(1);
  }
  const frame = fitFrame(suva, apia, 640, 280);
  const [x] = frame.project(line.at(-1) as [number, number]);
  expect(x).toBeGreaterThan(0);
  expect(x).toBeLessThan(640);
  expect(worldCopies(frame).sort()).toEqual([0, 360]);
});

it('draws only the rings that reach the frame, as paths', () => {
  const frame = fitFrame(paris, berlin, 640, 280);
  const far = [
    [150, -30],
    [151, -30],
    [151, -31],
    [150, -30],
  ] as [number, number][];
  expect(ringVisible(far, frame)).toBe(false);
  expect(pathOf(far, frame, true)).toMatch(/^M-?\d+\.\d,-?\d+\.\d(L-?\d+\.\d,-?\d+\.\d){3}Z$/);
});
