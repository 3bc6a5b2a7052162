import type { Database } from '#server/db/client.ts';
import { encodeCursor } from '#server/db/cursors.ts';
import { isVerifiedProfile } from '#server/modules/auth/service.ts';
import { firstPhotos } from '#server/modules/matching/service.ts';
import { placeBySlug } from '#server/modules/places/service.ts';
import { reliabilityOf } from '#server/modules/profiles/public.ts';
import { ratingSummaries } from '#server/modules/reviews/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import {
  firstNameOf,
  type PackageBrowsePage,
  type PackageBrowseQuery,
  type PublicPackageCard,
  type PublicTripCard,
  type TripBrowsePage,
  type TripBrowseQuery,
} from '#shared/browse.ts';
import { AppError } from '#shared/errors.ts';
import { haversineKm, roughDegrees } from '#shared/geo.ts';
import type { PackageSize } from '#shared/packages.ts';
import type { Place } from '#shared/places.ts';
import { noRecord } from '#shared/reliability.ts';
import type { PackageCategory } from '#shared/settings.ts';
import type { Transport } from '#shared/travel-plans.ts';
import { type Around, openPackagesQuery, upcomingTripsQuery } from './queries.ts';

// Browsing without an account (docs/product.md §3.4): the cities named in the address, the radius
// around them from the settings, and cards that show a stranger only what is safe to show.

/** Both cities of the search, or a 400 naming the one the gazetteer does not know. */
function resolveCities(query: { from?: string | undefined; to?: string | undefined }) {
  const fields: Record<string, string[]> = {};
  const resolve = (name: 'from' | 'to') => {
    const slug = query[name];
    if (!slug) return null;
    const place = placeBySlug(slug);
    if (!place) fields[name] = ['We do not know this city: choose one from the list'];
    return place;
  };
  const from = resolve('from');
  const to = resolve('to');
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  return { from, to };
}

const around = (place: Place | null, radiusKm: number): Around | null =>
  place ? { center: { lat: place.lat, lng: place.lng }, radiusKm } : null;

const place = (label: string, city: string, countryCode: string, at: { lat: number; lng: number }) => ({
  label,
  city,
  countryCode,
  lat: roughDegrees(at.lat),
  lng: roughDegrees(at.lng),
});
/**
 * Between the rounded coordinates the card carries, so the figure is the one the route map computes
 * from them (docs/product.md §2.6).
 */
const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.round(
    haversineKm(
      { lat: roughDegrees(a.lat), lng: roughDegrees(a.lng) },
      { lat: roughDegrees(b.lat), lng: roughDegrees(b.lng) },
    ),
  );

/** GET /api/browse/packages */
export async function browsePackages(
  db: Database,
  store: SettingsStore,
  query: PackageBrowseQuery,
  now: Date,
): Promise<PackageBrowsePage> {
  const { from, to } = resolveCities(query);
  const { matchRadiusKm: radiusKm } = await store.current();
  const rows = await openPackagesQuery(db, {
    from: around(from, radiusKm),
    to: around(to, radiusKm),
    after: query.after,
    before: query.before,
    size: query.size,
    maxWeightGrams: query.maxWeightKg === undefined ? undefined : Math.round(query.maxWeightKg * 1000),
    minReward: query.minReward === undefined ? undefined : Math.round(query.minReward * 100),
    sort: query.sort,
    cursor: query.cursor,
    limit: query.limit,
    now,
  });
  const page = rows.slice(0, query.limit);
  const senderIds = page.map((r) => r.senderId);
  const [photos, ratings, records] = await Promise.all([
    firstPhotos(
      db,
      page.map((r) => r.id),
    ),
    ratingSummaries(db, senderIds, now),
    reliabilityOf(db, senderIds),
  ]);
  const items = page.map((r): PublicPackageCard => {
    // An open package was complete when it was published (docs/product.md §2.2).
    const pickup = { lat: r.pickupLat ?? 0, lng: r.pickupLng ?? 0 };
    const dropoff = { lat: r.dropoffLat ?? 0, lng: r.dropoffLng ?? 0 };
    return {
      id: r.id,
      title: r.title,
      category: r.category as PackageCategory | null,
      size: r.size as PackageSize | null,
      weightKg: r.weightGrams === null ? null : r.weightGrams / 1000,
      currency: r.currency as PublicPackageCard['currency'],
      reward: r.reward,
      pickup: place(r.pickupLabel ?? '', r.pickupCity ?? '', r.pickupCountry ?? '', pickup),
      dropoff: place(r.dropoffLabel ?? '', r.dropoffCity ?? '', r.dropoffCountry ?? '', dropoff),
      pickupFrom: (r.pickupFrom ?? r.createdAt).toISOString(),
      deliverBy: (r.deliverBy ?? r.createdAt).toISOString(),
      distanceKm: km(pickup, dropoff),
      photo: photos.get(r.id) ?? null,
      sender: {
        firstName: firstNameOf(r.senderName),
        rating: ratings.get(r.senderId) ?? null,
        reliability: records.get(r.senderId) ?? { ...noRecord },
      },
      createdAt: r.createdAt.toISOString(),
    };
  });
  const last = page.at(-1);
  return {
    items,
    from,
    to,
    radiusKm,
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.sortKey, last.id]) : null,
  };
}

/** GET /api/browse/trips */
export async function browseTrips(
  db: Database,
  store: SettingsStore,
  query: TripBrowseQuery,
  now: Date,
): Promise<TripBrowsePage> {
  const { from, to } = resolveCities(query);
  const { matchRadiusKm: radiusKm } = await store.current();
  const rows = await upcomingTripsQuery(db, {
    from: around(from, radiusKm),
    to: around(to, radiusKm),
    after: query.after,
    before: query.before,
    minCapacityGrams: query.minCapacityKg === undefined ? undefined : Math.round(query.minCapacityKg * 1000),
    sort: query.sort,
    cursor: query.cursor,
    limit: query.limit,
    now,
  });
  const page = rows.slice(0, query.limit);
  const items = await tripCards(db, page, now);
  const last = page.at(-1);
  return {
    items,
    from,
    to,
    radiusKm,
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.sortKey, last.id]) : null,
  };
}

/** GET /api/browse/trips/{id}: one upcoming trip as a stranger sees it; 404 once it is not listed. */
export async function browseTrip(db: Database, id: string, now: Date): Promise<PublicTripCard> {
  const rows = await upcomingTripsQuery(db, { id, from: null, to: null, sort: 'departure', limit: 1, now });
  const [card] = await tripCards(db, rows.slice(0, 1), now);
  if (!card) throw new AppError('TRAVEL_PLAN_NOT_FOUND');
  return card;
}

type TripRow = Awaited<ReturnType<typeof upcomingTripsQuery>>[number];

async function tripCards(db: Database, rows: TripRow[], now: Date): Promise<PublicTripCard[]> {
  const travelerIds = rows.map((r) => r.travelerId);
  const [ratings, records] = await Promise.all([ratingSummaries(db, travelerIds, now), reliabilityOf(db, travelerIds)]);
  return rows.map(
    (r): PublicTripCard => ({
      id: r.id,
      origin: place(r.originLabel, r.originCity, r.originCountry, { lat: r.originLat, lng: r.originLng }),
      destination: place(r.destinationLabel, r.destinationCity, r.destinationCountry, {
        lat: r.destinationLat,
        lng: r.destinationLng,
      }),
      departureAt: r.departureAt.toISOString(),
      arrivalAt: r.arrivalAt.toISOString(),
      transport: r.transport as Transport,
      freeCapacityKg: r.freeGrams / 1000,
      distanceKm: km({ lat: r.originLat, lng: r.originLng }, { lat: r.destinationLat, lng: r.destinationLng }),
      traveler: {
        firstName: firstNameOf(r.travelerName),
        rating: ratings.get(r.travelerId) ?? null,
        reliability: records.get(r.travelerId) ?? { ...noRecord },
        verified: isVerifiedProfile({
          emailVerified: r.emailVerified,
          phoneNumberVerified: r.phoneNumberVerified,
          kycStatus: r.kycStatus as Parameters<typeof isVerifiedProfile>[0]['kycStatus'],
        }),
      },
      createdAt: r.createdAt.toISOString(),
    }),
  );
}
