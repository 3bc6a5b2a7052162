import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeCursor, decodeTimeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { haversineSql, inCellsSql, MATCH_GRID } from '#server/modules/matching/public.ts';
import type { PackageBrowseSort, TripBrowseSort } from '#shared/browse.ts';
import { AppError } from '#shared/errors.ts';
import type { LatLng } from '#shared/geo.ts';
import type { PackageSize } from '#shared/packages.ts';

// The two listings a visitor can browse (docs/product.md §3.4). Near a city means within the match
// radius of it, found through matching's grid cells like a match (ADR 0017); each order has its own
// keyset cursor, and each query returns one row more than the page, to tell whether another follows.

export interface Around {
  center: LatLng;
  radiusKm: number;
}

/** The column is within the radius of the center: the cells bound the scan, the distance decides. */
function near(cell: AnyPgColumn, lat: AnyPgColumn, lng: AnyPgColumn, around: Around | null): SQL | undefined {
  if (!around) return undefined;
  return and(
    inCellsSql(cell, MATCH_GRID, around.center, around.radiusKm),
    sql`${haversineSql(lat, lng, around.center)} <= ${around.radiusKm}::float8`,
  );
}

/** A day as given (YYYY-MM-DD) is read in UTC: from its first instant, and up to the next day's. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const invalidCursor = () =>
  new AppError('VALIDATION_FAILED', {
    detail: 'This page link is no longer valid.',
    fields: { cursor: ['Start again from the first page'] },
  });

/** The cursor of the "reward" order: the amount (whole minor units) and the id. */
function decodeRewardCursor(cursor: string): { reward: number; id: string } {
  const [reward, id] = decodeCursor(cursor, 2) as [string, string];
  if (!/^\d{1,10}$/.test(reward) || !/^[0-9a-f-]{36}$/i.test(id)) throw invalidCursor();
  return { reward: Number(reward), id };
}

const activeMember = and(eq(user.banned, false), isNull(user.deletedAt));

export interface PackageFilters {
  from: Around | null;
  to: Around | null;
  after?: string | undefined;
  before?: string | undefined;
  size?: PackageSize | undefined;
  maxWeightGrams?: number | undefined;
  minReward?: number | undefined;
  sort: PackageBrowseSort;
  cursor?: string | undefined;
  limit: number;
  now: Date;
}

/** Open packages still deliverable, near the two cities when given, in the order asked. */
export function openPackagesQuery(db: Database, f: PackageFilters) {
  const created = exactTime(packages.createdAt);
  const deliverBy = exactTime(packages.deliverBy);
  const order = {
    newest: { by: [desc(packages.createdAt), desc(packages.id)], key: created },
    'deliver-by': { by: [asc(packages.deliverBy), asc(packages.id)], key: deliverBy },
    reward: { by: [sql`${packages.reward} desc`, desc(packages.id)], key: sql<string>`${packages.reward}::text` },
  }[f.sort];
  let after: SQL | undefined;
  if (f.cursor && f.sort === 'reward') {
    const c = decodeRewardCursor(f.cursor);
    after = sql`(${packages.reward}, ${packages.id}) < (${c.reward}, ${c.id}::uuid)`;
  } else if (f.cursor) {
    const c = decodeTimeCursor(f.cursor);
    after =
      f.sort === 'newest'
        ? afterTimeCursor(packages.createdAt, packages.id, c, 'desc')
        : afterTimeCursor(packages.deliverBy, packages.id, c, 'asc');
  }

  return db
    .select({
      id: packages.id,
      title: packages.title,
      category: packages.category,
      size: packages.size,
      weightGrams: packages.weightGrams,
      currency: packages.currency,
      reward: packages.reward,
      pickupLabel: packages.pickupLabel,
      pickupCity: packages.pickupCity,
      pickupCountry: packages.pickupCountry,
      pickupLat: packages.pickupLat,
      pickupLng: packages.pickupLng,
      dropoffLabel: packages.dropoffLabel,
      dropoffCity: packages.dropoffCity,
      dropoffCountry: packages.dropoffCountry,
      dropoffLat: packages.dropoffLat,
      dropoffLng: packages.dropoffLng,
      pickupFrom: packages.pickupFrom,
      deliverBy: packages.deliverBy,
      createdAt: packages.createdAt,
      senderId: user.id,
      senderName: user.name,
      sortKey: order.key,
    })
    .from(packages)
    .innerJoin(user, eq(user.id, packages.senderId))
    .where(
      and(
        eq(packages.status, 'open'),
        gt(packages.deliverBy, f.now),
        isNotNull(packages.reward),
        activeMember,
        near(packages.pickupCell, packages.pickupLat, packages.pickupLng, f.from),
        near(packages.dropoffCell, packages.dropoffLat, packages.dropoffLng, f.to),
        f.after ? gte(packages.deliverBy, dayStart(f.after)) : undefined,
        f.before ? lt(packages.pickupFrom, dayEnd(f.before)) : undefined,
        f.size ? eq(packages.size, f.size) : undefined,
        f.maxWeightGrams === undefined ? undefined : lte(packages.weightGrams, f.maxWeightGrams),
        f.minReward === undefined ? undefined : gte(packages.reward, f.minReward),
        after,
      ),
    )
    .orderBy(...order.by)
    .limit(f.limit + 1);
}

export interface TripFilters {
  /** One trip, for its own page. */
  id?: string;
  from: Around | null;
  to: Around | null;
  after?: string | undefined;
  before?: string | undefined;
  minCapacityGrams?: number | undefined;
  sort: TripBrowseSort;
  cursor?: string | undefined;
  limit: number;
  now: Date;
}

/** Active trips that have not left yet, near the two cities when given, in the order asked. */
export function upcomingTripsQuery(db: Database, f: TripFilters) {
  const newest = f.sort === 'newest';
  const time = newest ? travelPlans.createdAt : travelPlans.departureAt;
  const cursor = f.cursor ? decodeTimeCursor(f.cursor) : null;
  const free = sql<number>`(${travelPlans.capacityGrams} - ${travelPlans.reservedGrams})`;
  return db
    .select({
      id: travelPlans.id,
      originLabel: travelPlans.originLabel,
      originCity: travelPlans.originCity,
      originCountry: travelPlans.originCountry,
      originLat: travelPlans.originLat,
      originLng: travelPlans.originLng,
      destinationLabel: travelPlans.destinationLabel,
      destinationCity: travelPlans.destinationCity,
      destinationCountry: travelPlans.destinationCountry,
      destinationLat: travelPlans.destinationLat,
      destinationLng: travelPlans.destinationLng,
      departureAt: travelPlans.departureAt,
      arrivalAt: travelPlans.arrivalAt,
      transport: travelPlans.transport,
      freeGrams: free,
      createdAt: travelPlans.createdAt,
      travelerId: user.id,
      travelerName: user.name,
      emailVerified: user.emailVerified,
      phoneNumberVerified: user.phoneNumberVerified,
      kycStatus: user.kycStatus,
      sortKey: exactTime(time),
    })
    .from(travelPlans)
    .innerJoin(user, eq(user.id, travelPlans.travelerId))
    .where(
      and(
        f.id ? eq(travelPlans.id, f.id) : undefined,
        eq(travelPlans.status, 'active'),
        gt(travelPlans.departureAt, f.now),
        activeMember,
        sql`${free} > 0`,
        near(travelPlans.originCell, travelPlans.originLat, travelPlans.originLng, f.from),
        near(travelPlans.destinationCell, travelPlans.destinationLat, travelPlans.destinationLng, f.to),
        f.after ? gte(travelPlans.departureAt, dayStart(f.after)) : undefined,
        f.before ? lt(travelPlans.departureAt, dayEnd(f.before)) : undefined,
        f.minCapacityGrams === undefined ? undefined : sql`${free} >= ${f.minCapacityGrams}`,
        cursor ? afterTimeCursor(time, travelPlans.id, cursor, newest ? 'desc' : 'asc') : undefined,
      ),
    )
    .orderBy(newest ? desc(time) : asc(time), newest ? desc(travelPlans.id) : asc(travelPlans.id))
    .limit(f.limit + 1);
}
