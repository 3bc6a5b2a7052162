import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Place } from '#shared/places.ts';

// Rows for matching tests, written straight into the tables: matching reads packages and travel plans
// whatever wrote them, and must not wait on the CRUD API to exist.

export const places = {
  paris: { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.85341, lng: 2.3488 },
  versailles: { label: 'Versailles, France', city: 'Versailles', countryCode: 'FR', lat: 48.80359, lng: 2.13424 },
  reims: { label: 'Reims, France', city: 'Reims', countryCode: 'FR', lat: 49.26526, lng: 4.02853 },
  berlin: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.52437, lng: 13.41053 },
  potsdam: { label: 'Potsdam, Germany', city: 'Potsdam', countryCode: 'DE', lat: 52.39886, lng: 13.06566 },
  leipzig: { label: 'Leipzig, Germany', city: 'Leipzig', countryCode: 'DE', lat: 51.33962, lng: 12.37129 },
  // Either side of the antimeridian, 22 km apart: Fiji's Taveuni and a point just west of 180°.
  taveuni: { label: 'Taveuni, Fiji', city: 'Taveuni', countryCode: 'FJ', lat: -16.85, lng: 179.95 },
  eastOf180: { label: 'Lau, Fiji', city: 'Lau', countryCode: 'FJ', lat: -16.9, lng: -179.85 },
  auckland: { label: 'Auckland, New Zealand', city: 'Auckland', countryCode: 'NZ', lat: -36.84853, lng: 174.76349 },
  // High Arctic: Longyearbyen and Ny-Ålesund (about 110 km), and two points near the pole on
  // opposite meridians (22 km apart).
  longyearbyen: {
    label: 'Longyearbyen, Svalbard',
    city: 'Longyearbyen',
    countryCode: 'SJ',
    lat: 78.2232,
    lng: 15.6469,
  },
  nyAlesund: { label: 'Ny-Ålesund, Svalbard', city: 'Ny-Ålesund', countryCode: 'SJ', lat: 78.9236, lng: 11.9306 },
  nearPoleA: { label: 'North Pole camp A', city: 'Camp A', countryCode: 'SJ', lat: 89.9, lng: 0 },
  nearPoleB: { label: 'North Pole camp B', city: 'Camp B', countryCode: 'SJ', lat: 89.9, lng: 180 },
} satisfies Record<string, Place>;

export const DAY = 24 * 60 * 60 * 1000;
export const inDays = (days: number, from = Date.now()) => new Date(from + days * DAY);

export async function insertUser(db: Database, values: Partial<typeof user.$inferInsert> = {}): Promise<string> {
  const [row] = await db
    .insert(user)
    .values({ name: 'Member', email: `${randomUUID()}@example.test`, ...values })
    .returning({ id: user.id });
  return (row as { id: string }).id;
}

export async function setVerified(db: Database, id: string) {
  await db
    .update(user)
    .set({ emailVerified: true, phoneNumberVerified: true, kycStatus: 'approved' })
    .where(eq(user.id, id));
}

const place = (p: Place) => ({ label: p.label, city: p.city, country: p.countryCode, lat: p.lat, lng: p.lng });

type Prefixed<P extends string, T> = { [K in keyof T as `${P}${Capitalize<K & string>}`]: T[K] };
function prefixed<P extends string, T extends object>(prefix: P, values: T): Prefixed<P, T> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [prefix + key[0]?.toUpperCase() + key.slice(1), value]),
  ) as Prefixed<P, T>;
}

export interface PackageSpec {
  from?: Place;
  to?: Place;
  status?: string;
  weightGrams?: number;
  reward?: number;
  pickupFrom?: Date;
  deliverBy?: Date;
  title?: string;
}

/** An open package (unless told otherwise), Paris → Berlin, 2 kg, ready tomorrow, due in 10 days. */
export async function insertPackage(db: Database, senderId: string, spec: PackageSpec = {}) {
  const [row] = await db
    .insert(packages)
    .values({
      senderId,
      status: spec.status ?? 'open',
      title: spec.title ?? 'Two books',
      category: 'books',
      size: 'S',
      weightGrams: spec.weightGrams ?? 2000,
      declaredValue: 3000,
      currency: 'EUR',
      ...prefixed('pickup', place(spec.from ?? places.paris)),
      ...prefixed('dropoff', place(spec.to ?? places.berlin)),
      pickupFrom: spec.pickupFrom ?? inDays(1),
      deliverBy: spec.deliverBy ?? inDays(10),
      reward: spec.reward ?? 2000,
      recipientName: 'Rita Recipient',
      recipientPhone: '+4915112345678',
      publishedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('package not inserted');
  return row;
}

export async function insertPhoto(
  db: Database,
  packageId: string,
  position: number,
  storageKey: string = randomUUID(),
) {
  await db.insert(packagePhotos).values({ packageId, storageKey, width: 800, height: 600, position });
}

export interface TravelPlanSpec {
  from?: Place;
  to?: Place;
  status?: string;
  departureAt?: Date;
  arrivalAt?: Date;
  capacityGrams?: number;
  reservedGrams?: number;
}

/** An active trip (unless told otherwise), Paris → Berlin, leaving in 5 days, arriving 3 hours later, 10 kg. */
export async function insertTravelPlan(db: Database, travelerId: string, spec: TravelPlanSpec = {}) {
  const departureAt = spec.departureAt ?? inDays(5);
  const [row] = await db
    .insert(travelPlans)
    .values({
      travelerId,
      status: spec.status ?? 'active',
      ...prefixed('origin', place(spec.from ?? places.paris)),
      ...prefixed('destination', place(spec.to ?? places.berlin)),
      departureAt,
      arrivalAt: spec.arrivalAt ?? new Date(departureAt.getTime() + 3 * 60 * 60 * 1000),
      transport: 'train',
      capacityGrams: spec.capacityGrams ?? 10_000,
      reservedGrams: spec.reservedGrams ?? 0,
    })
    .returning();
  if (!row) throw new Error('travel plan not inserted');
  return row;
}
