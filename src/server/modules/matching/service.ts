import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { isAdmin, isVerifiedProfile, type SessionUser } from '#server/modules/auth/service.ts';
import { reliabilityOf } from '#server/modules/profiles/public.ts';
import { ratingSummaries } from '#server/modules/reviews/public.ts';
import type { SettingsStore } from '#server/modules/settings/service.ts';
import { AppError } from '#shared/errors.ts';
import type { MatchQuery, PackageMatch, TravelerMatch } from '#shared/matching.ts';
import { platformFee } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { PackagePhoto, PackageSize } from '#shared/packages.ts';
import { noRecord } from '#shared/reliability.ts';
import type { PackageCategory } from '#shared/settings.ts';
import type { Transport, TravelPlanStatus } from '#shared/travel-plans.ts';
import { pendingRequestsBetween } from './pending-requests.ts';
import { packagesForPlanQuery, plansForPackageQuery } from './queries.ts';
import { decodeCursor, encodeCursor } from './ranking.ts';

// Matching (docs/product.md §3, ADR 0017): the open packages that fit a travel plan, and the active travel
// plans that fit a package: who may ask, the radius, and the cards. The queries are in queries.ts.

type Viewer = Pick<SessionUser, 'id' | 'role'>;

export interface MatchPage<T> {
  items: T[];
  nextCursor: string | null;
  radiusKm: number;
}

async function radiusFor(store: SettingsStore, asked: number | undefined) {
  const settings = await store.current();
  const radiusKm = asked ?? settings.matchRadiusKm;
  if (radiusKm > settings.matchRadiusMaxKm) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { radiusKm: [`Choose at most ${settings.matchRadiusMaxKm} km`] },
    });
  }
  return { radiusKm, settings };
}

/**
 * Only the owner or an admin may search from a plan or a package. Others learn nothing they could
 * not see anyway: 403 for what members see of each other (an active plan, an open package), else 404.
 */
function mayMatch(viewer: Viewer, ownerId: string, publiclyVisible: boolean, of: 'travel plan' | 'package') {
  if (viewer.id === ownerId || isAdmin(viewer)) return;
  if (publiclyVisible) throw new AppError('MATCHES_OWNER_ONLY', { params: { of } });
  throw new AppError(of === 'package' ? 'PACKAGE_NOT_FOUND' : 'TRAVEL_PLAN_NOT_FOUND');
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const city = (label: string | null, name: string | null, countryCode: string | null) =>
  label && name && countryCode ? { label, city: name, countryCode } : null;
const distances = (pickupTenths: number, dropoffTenths: number) => ({
  pickupKm: pickupTenths / 10,
  dropoffKm: dropoffTenths / 10,
  detourKm: (pickupTenths + dropoffTenths) / 10,
});

/** GET /api/travel-plans/{id}/matches: open packages this trip can carry, least detour first; 409 once it has left. */
export async function matchPackagesForPlan(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  planId: string,
  query: MatchQuery,
  now: Date = new Date(),
): Promise<MatchPage<PackageMatch>> {
  const [plan] = await db.select().from(travelPlans).where(eq(travelPlans.id, planId));
  if (!plan) throw new AppError('TRAVEL_PLAN_NOT_FOUND');
  mayMatch(viewer, plan.travelerId, plan.status === 'active', 'travel plan');
  return packagesFor(db, store, plan, query, now, null);
}

/**
 * GET /api/travel-plans/{id}/my-packages: the viewer's own open packages that someone's active trip
 * can carry, to invite it for one of them.
 */
export async function myPackagesForPlan(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  planId: string,
  query: MatchQuery,
  now: Date = new Date(),
): Promise<MatchPage<PackageMatch>> {
  const [plan] = await db.select().from(travelPlans).where(eq(travelPlans.id, planId));
  // Someone else's trip past active is none of a stranger's business: the same 404 as no trip.
  if (!plan || (plan.status !== 'active' && plan.travelerId !== viewer.id)) throw new AppError('TRAVEL_PLAN_NOT_FOUND');
  return packagesFor(db, store, plan, query, now, viewer.id);
}

async function packagesFor(
  db: Database,
  store: SettingsStore,
  plan: typeof travelPlans.$inferSelect,
  query: MatchQuery,
  now: Date,
  onlySenderId: string | null,
): Promise<MatchPage<PackageMatch>> {
  if (plan.status !== 'active') throw new AppError('TRAVEL_PLAN_NOT_ACTIVE', { params: { status: plan.status } });
  // As for a package's matches (queries.ts) and for an offer (requests/fit.ts): a trip that has left
  // can pick nothing up, so it is refused like a plan that is no longer active, not shown an empty list.
  if (plan.departureAt <= now) {
    throw new AppError('TRAVEL_PLAN_DEPARTED');
  }
  const { radiusKm, settings } = await radiusFor(store, query.radiusKm);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;

  const rows = await packagesForPlanQuery(db, plan, radiusKm, cursor, query.limit, now, onlySenderId);
  const page = rows.slice(0, query.limit);
  const packageIds = page.map((r) => r.id);
  const senderIds = page.map((r) => r.senderId);
  const [photos, ratings, records, pendingWith] = await Promise.all([
    firstPhotos(db, packageIds),
    ratingSummaries(db, senderIds, now),
    reliabilityOf(db, senderIds),
    pendingRequestsBetween(db, packageIds, [plan.travelerId]),
  ]);
  const items = page.map(
    (r): PackageMatch => ({
      package: {
        id: r.id,
        status: r.status as PackageStatus,
        title: r.title,
        category: r.category as PackageCategory | null,
        size: r.size as PackageSize | null,
        weightKg: r.weightGrams === null ? null : r.weightGrams / 1000,
        currency: r.currency as PackageMatch['package']['currency'],
        reward: r.reward,
        total: r.reward === null ? null : r.reward + platformFee(r.reward, settings),
        pickup: city(r.pickupLabel, r.pickupCity, r.pickupCountry),
        dropoff: city(r.dropoffLabel, r.dropoffCity, r.dropoffCountry),
        pickupFrom: iso(r.pickupFrom),
        deliverBy: iso(r.deliverBy),
        photo: photos.get(r.id) ?? null,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      },
      sender: {
        id: r.senderId,
        name: r.senderName,
        image: r.senderImage,
        rating: ratings.get(r.senderId) ?? null,
        reliability: records.get(r.senderId) ?? { ...noRecord },
      },
      distances: distances(r.pickupTenths, r.dropoffTenths),
      pendingRequest: pendingWith(r.id, plan.travelerId),
    }),
  );
  const last = page.at(-1);
  return {
    items,
    radiusKm,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({
            detourTenths: last.pickupTenths + last.dropoffTenths,
            score: last.reward ?? 0,
            rating: ratings.get(last.senderId)?.average ?? null,
            id: last.id,
          })
        : null,
  };
}

/** The first photo of each package, in the order its sender gave them. */
export async function firstPhotos(db: Database, packageIds: string[]): Promise<Map<string, PackagePhoto>> {
  const first = new Map<string, PackagePhoto>();
  if (packageIds.length === 0) return first;
  const rows = await db
    .select()
    .from(packagePhotos)
    .where(inArray(packagePhotos.packageId, packageIds))
    .orderBy(asc(packagePhotos.packageId), asc(packagePhotos.position), asc(packagePhotos.createdAt));
  for (const photo of rows) {
    if (first.has(photo.packageId)) continue;
    first.set(photo.packageId, {
      id: photo.id,
      url: `/api/package-photos/${photo.storageKey}`,
      width: photo.width,
      height: photo.height,
    });
  }
  return first;
}

/** GET /api/packages/{id}/matches: active travel plans that can carry this package, least detour first. */
export async function matchTravelersForPackage(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  packageId: string,
  query: MatchQuery,
  now: Date = new Date(),
): Promise<MatchPage<TravelerMatch>> {
  const [pkg] = await db.select().from(packages).where(eq(packages.id, packageId));
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
  mayMatch(viewer, pkg.senderId, pkg.status === 'open', 'package');
  if (pkg.status !== 'open') throw new AppError('PACKAGE_NOT_OPEN', { params: { status: pkg.status } });
  return travelersFor(db, store, pkg, query, now, null);
}

/**
 * GET /api/packages/{id}/my-trips: the viewer's own active trips that can carry someone's open
 * package, to offer with one of them. A package that is not open is as absent as to any stranger.
 */
export async function myTripsForPackage(
  db: Database,
  store: SettingsStore,
  viewer: Viewer,
  packageId: string,
  query: MatchQuery,
  now: Date = new Date(),
): Promise<MatchPage<TravelerMatch>> {
  const [pkg] = await db.select().from(packages).where(eq(packages.id, packageId));
  if (!pkg || pkg.status === 'draft') throw new AppError('PACKAGE_NOT_FOUND');
  if (pkg.status !== 'open') throw new AppError('PACKAGE_NOT_OPEN', { params: { status: pkg.status } });
  return travelersFor(db, store, pkg, query, now, viewer.id);
}

async function travelersFor(
  db: Database,
  store: SettingsStore,
  pkg: typeof packages.$inferSelect,
  query: MatchQuery,
  now: Date,
  onlyTravelerId: string | null,
): Promise<MatchPage<TravelerMatch>> {
  const { radiusKm } = await radiusFor(store, query.radiusKm);
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const { pickupLat, pickupLng, dropoffLat, dropoffLng, pickupFrom, deliverBy, weightGrams } = pkg;
  // An open package was complete when it was published; one that is not cannot fit any trip.
  if (
    pickupLat === null ||
    pickupLng === null ||
    dropoffLat === null ||
    dropoffLng === null ||
    pickupFrom === null ||
    deliverBy === null ||
    weightGrams === null
  ) {
    return { items: [], nextCursor: null, radiusKm };
  }

  const rows = await plansForPackageQuery(
    db,
    {
      senderId: pkg.senderId,
      pickup: { lat: pickupLat, lng: pickupLng },
      dropoff: { lat: dropoffLat, lng: dropoffLng },
      pickupFrom,
      deliverBy,
      weightGrams,
    },
    radiusKm,
    cursor,
    query.limit,
    now,
    onlyTravelerId,
  );
  const page = rows.slice(0, query.limit);
  const travelerIds = page.map((r) => r.travelerId);
  const [ratings, records, pendingWith] = await Promise.all([
    ratingSummaries(db, travelerIds, now),
    reliabilityOf(db, travelerIds),
    pendingRequestsBetween(db, [pkg.id], travelerIds),
  ]);
  const items = page.map(
    (r): TravelerMatch => ({
      travelPlan: {
        id: r.id,
        status: r.status as TravelPlanStatus,
        origin: { label: r.originLabel, city: r.originCity, countryCode: r.originCountry },
        destination: { label: r.destinationLabel, city: r.destinationCity, countryCode: r.destinationCountry },
        departureAt: r.departureAt.toISOString(),
        arrivalAt: r.arrivalAt.toISOString(),
        transport: r.transport as Transport,
        freeCapacityKg: (r.capacityGrams - r.reservedGrams) / 1000,
      },
      traveler: {
        id: r.travelerId,
        name: r.travelerName,
        image: r.travelerImage,
        verified: isVerifiedProfile({
          emailVerified: r.emailVerified,
          phoneNumberVerified: r.phoneNumberVerified,
          kycStatus: r.kycStatus as SessionUser['kycStatus'],
        }),
        rating: ratings.get(r.travelerId) ?? null,
        reliability: records.get(r.travelerId) ?? { ...noRecord },
      },
      distances: distances(r.pickupTenths, r.dropoffTenths),
      pendingRequest: pendingWith(pkg.id, r.travelerId),
    }),
  );
  const last = page.at(-1);
  return {
    items,
    radiusKm,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({
            detourTenths: last.pickupTenths + last.dropoffTenths,
            score: last.score,
            rating: ratings.get(last.travelerId)?.average ?? null,
            id: last.id,
          })
        : null,
  };
}
