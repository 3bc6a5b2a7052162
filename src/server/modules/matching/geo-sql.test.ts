import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { haversineKm, type LatLng } from '#shared/geo.ts';
import { cellOf, MATCH_GRID } from './cells.ts';
import { haversineSql } from './geo-sql.ts';
import { insertPackage, insertTravelPlan, insertUser } from './test/factory.ts';

// The database computes the cells (generated columns) and the distances (SQL); the application
// computes which cells to ask for. Both must agree exactly, on PGlite and on PostgreSQL.

let database: DatabaseHandle;
let senderId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  senderId = await insertUser(database.db);
});
afterAll(() => database.close());

const edges: LatLng[] = [
  { lat: 90, lng: 180 },
  { lat: -90, lng: -180 },
  { lat: 0, lng: 180 },
  { lat: 0, lng: -180 },
  { lat: 89.999999, lng: 179.999999 },
  { lat: -0.5, lng: -0.5 },
  { lat: 48.85341, lng: 2.3488 },
  // Exactly on cell edges, and a hair either side of one.
  { lat: 45, lng: 7 },
  { lat: 45 - Number.EPSILON * 64, lng: 7 - Number.EPSILON * 8 },
  // Tiny and subnormal values, whose squares would underflow (an error in PostgreSQL).
  { lat: 1e-300, lng: -1e-300 },
  { lat: 5e-324, lng: -5e-324 },
  { lat: 0, lng: 0 },
];
const randomPoints = fc.sample(
  fc.record({
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
  }),
  { numRuns: 150, seed: 5 },
);
const points = [...edges, ...randomPoints];

describe('grid cells computed by the database', () => {
  it('are the cells the application computes, for packages', async () => {
    for (let i = 0; i < points.length; i += 2) {
      const from = { label: 'A', city: 'A', countryCode: 'FR', ...(points[i] as LatLng) };
      const to = { label: 'B', city: 'B', countryCode: 'FR', ...((points[i + 1] ?? points[0]) as LatLng) };
      const row = await insertPackage(database.db, senderId, { from, to });
      expect([row.pickupCell, row.dropoffCell]).toEqual([cellOf(MATCH_GRID, from), cellOf(MATCH_GRID, to)]);
    }
  });

  it('are the cells the application computes, for travel plans, and follow an edit of the place', async () => {
    const plan = await insertTravelPlan(database.db, senderId);
    for (const point of points.slice(0, 40)) {
      const [row] = await database.db
        .update(travelPlans)
        .set({ originLat: point.lat, originLng: point.lng, destinationLat: -point.lat, destinationLng: -point.lng })
        .where(eq(travelPlans.id, plan.id))
        .returning();
      expect([row?.originCell, row?.destinationCell]).toEqual([
        cellOf(MATCH_GRID, point),
        cellOf(MATCH_GRID, { lat: -point.lat, lng: -point.lng }),
      ]);
    }
  });

  it('are null while a draft has no place yet', async () => {
    const [row] = await database.db
      .insert(packages)
      .values({ senderId, title: 'Draft without places' })
      .returning({ pickupCell: packages.pickupCell, dropoffCell: packages.dropoffCell });
    expect(row).toEqual({ pickupCell: null, dropoffCell: null });
  });
});

describe('haversine in SQL', () => {
  it('gives the distances of haversineKm (within a centimetre), even for absurdly precise coordinates', async () => {
    const rows = await database.db
      .select({ lat: packages.pickupLat, lng: packages.pickupLng, id: packages.id })
      .from(packages)
      .where(eq(packages.senderId, senderId));
    const stored = rows.filter((r): r is { lat: number; lng: number; id: string } => r.lat !== null && r.lng !== null);
    expect(stored.length).toBeGreaterThan(50);
    for (const center of [
      points[6] as LatLng,
      { lat: -16.85, lng: 179.95 },
      { lat: 89.9, lng: 0 },
      { lat: 0, lng: 0 },
    ]) {
      const distances = await database.db
        .select({ id: packages.id, km: haversineSql(packages.pickupLat, packages.pickupLng, center) })
        .from(packages)
        .where(eq(packages.senderId, senderId));
      const byId = new Map(distances.map((d) => [d.id, Number(d.km)]));
      for (const r of stored) {
        expect(Math.abs((byId.get(r.id) as number) - haversineKm(center, r))).toBeLessThan(1e-5);
      }
    }
  });
});
