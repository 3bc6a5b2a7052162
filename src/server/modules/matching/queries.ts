import { type AnyColumn, and, asc, desc, eq, gt, gte, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { ratingAverageSql } from '#server/modules/reviews/public.ts';
import type { LatLng } from '#shared/geo.ts';
import { MATCH_GRID } from './cells.ts';
import { haversineSql, inCellsSql, tenthsSql } from './geo-sql.ts';
import type { RankKey } from './ranking.ts';

// The two match queries (ADR 0017). Each asks the index for the pairs of cells the radius touches,
// keeps what is truly within the radius and fits the dates and weight, and ranks in SQL as
// compareRank does, so a page is one indexed query however many packages there are. Each returns one
// row more than the page, to tell whether another page follows.
//
// The rating key (the other member's revealed reviews, reviews/ratings.ts) costs a look at their
// reviews per row, so it is read only where it can change the order: for rows that tie with another
// candidate on detour and score (a window count over the candidates; CASE evaluates the rating only
// when it is above one), and, after a cursor, for rows tied with the cursor's row (OR stops early).
// Most searches read no rating at all; the cards' ratings come in one query for the page's members.

/**
 * Keyset condition: strictly after the cursor in compareRank's order. A rating ranks higher first and
 * "none yet" last, so after a cursor without a rating only unrated rows with a greater id follow.
 */
function afterCursor(
  detour: SQL<number>,
  score: SQL<number>,
  rating: SQL<number | null>,
  id: AnyColumn,
  cursor: RankKey,
): SQL {
  const afterRating =
    cursor.rating === null
      ? sql`(${rating} is null and ${id} > ${cursor.id}::uuid)`
      : sql`(${rating} is null or ${rating} < ${cursor.rating}::float8
          or (${rating} = ${cursor.rating}::float8 and ${id} > ${cursor.id}::uuid))`;
  return sql`(${detour} > ${cursor.detourTenths}
    or (${detour} = ${cursor.detourTenths} and (${score} < ${cursor.score}
      or (${score} = ${cursor.score} and ${afterRating}))))`;
}

/** The rating as a sort key: higher first, none last, and only computed for rows that tie on detour and score. */
const ratingOrder = (detour: SQL<number>, score: SQL<number>, rating: SQL<number | null>) =>
  sql`(case when count(*) over (partition by ${detour}, ${score}) > 1 then ${rating} end) desc nulls last`;

/**
 * The open packages that fit a plan, ranked, one page (and one more row, to know whether another
 * page follows). Exported apart from the
 * service so the benchmark can EXPLAIN the very same query.
 */
export function packagesForPlanQuery(
  db: Database,
  plan: typeof travelPlans.$inferSelect,
  radiusKm: number,
  cursor: RankKey | null,
  limit: number,
  now: Date = new Date(),
  /** Only this sender's packages: the member who wants to invite the trip. */
  onlySenderId: string | null = null,
) {
  const origin = { lat: plan.originLat, lng: plan.originLng };
  const destination = { lat: plan.destinationLat, lng: plan.destinationLng };
  const pickupKm = haversineSql(packages.pickupLat, packages.pickupLng, origin);
  const dropoffKm = haversineSql(packages.dropoffLat, packages.dropoffLng, destination);
  const pickupTenths = tenthsSql(pickupKm);
  const dropoffTenths = tenthsSql(dropoffKm);
  const detour = sql<number>`(${pickupTenths} + ${dropoffTenths})`;
  const score = sql<number>`coalesce(${packages.reward}, 0)`;
  const rating = ratingAverageSql(packages.senderId, now);

  return db
    .select({
      id: packages.id,
      status: packages.status,
      title: packages.title,
      category: packages.category,
      size: packages.size,
      weightGrams: packages.weightGrams,
      currency: packages.currency,
      reward: packages.reward,
      pickupLabel: packages.pickupLabel,
      pickupCity: packages.pickupCity,
      pickupCountry: packages.pickupCountry,
      dropoffLabel: packages.dropoffLabel,
      dropoffCity: packages.dropoffCity,
      dropoffCountry: packages.dropoffCountry,
      pickupFrom: packages.pickupFrom,
      deliverBy: packages.deliverBy,
      createdAt: packages.createdAt,
      updatedAt: packages.updatedAt,
      senderId: user.id,
      senderName: user.name,
      senderImage: user.image,
      pickupTenths,
      dropoffTenths,
    })
    .from(packages)
    .innerJoin(user, eq(user.id, packages.senderId))
    .where(
      and(
        eq(packages.status, 'open'),
        inCellsSql(packages.pickupCell, MATCH_GRID, origin, radiusKm),
        inCellsSql(packages.dropoffCell, MATCH_GRID, destination, radiusKm),
        gte(packages.deliverBy, plan.arrivalAt),
        lte(packages.pickupFrom, plan.departureAt),
        lte(packages.weightGrams, plan.capacityGrams - plan.reservedGrams),
        ne(packages.senderId, plan.travelerId),
        onlySenderId ? eq(packages.senderId, onlySenderId) : undefined,
        sql`${pickupKm} <= ${radiusKm}::float8`,
        sql`${dropoffKm} <= ${radiusKm}::float8`,
        eq(user.banned, false),
        isNull(user.deletedAt),
        cursor ? afterCursor(detour, score, rating, packages.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(detour), desc(score), ratingOrder(detour, score, rating), asc(packages.id))
    .limit(limit + 1);
}

/** What a package asks of a trip: an open package has all of it. */
export interface PackageNeeds {
  senderId: string;
  pickup: LatLng;
  dropoff: LatLng;
  pickupFrom: Date;
  deliverBy: Date;
  weightGrams: number;
}

/** The active travel plans that fit a package, ranked, one page. */
export function plansForPackageQuery(
  db: Database,
  pkg: PackageNeeds,
  radiusKm: number,
  cursor: RankKey | null,
  limit: number,
  now: Date = new Date(),
  /** Only this traveler's plans: the member who wants to offer to carry the package. */
  onlyTravelerId: string | null = null,
) {
  const { pickup, dropoff } = pkg;
  const pickupKm = haversineSql(travelPlans.originLat, travelPlans.originLng, pickup);
  const dropoffKm = haversineSql(travelPlans.destinationLat, travelPlans.destinationLng, dropoff);
  const pickupTenths = tenthsSql(pickupKm);
  const dropoffTenths = tenthsSql(dropoffKm);
  const detour = sql<number>`(${pickupTenths} + ${dropoffTenths})`;
  // Sooner arrival first: the package reaches its recipient earlier.
  const score = sql<number>`(-floor(extract(epoch from ${travelPlans.arrivalAt}) / 60))::integer`;
  const rating = ratingAverageSql(travelPlans.travelerId, now);

  return db
    .select({
      id: travelPlans.id,
      status: travelPlans.status,
      originLabel: travelPlans.originLabel,
      originCity: travelPlans.originCity,
      originCountry: travelPlans.originCountry,
      destinationLabel: travelPlans.destinationLabel,
      destinationCity: travelPlans.destinationCity,
      destinationCountry: travelPlans.destinationCountry,
      departureAt: travelPlans.departureAt,
      arrivalAt: travelPlans.arrivalAt,
      transport: travelPlans.transport,
      capacityGrams: travelPlans.capacityGrams,
      reservedGrams: travelPlans.reservedGrams,
      travelerId: user.id,
      travelerName: user.name,
      travelerImage: user.image,
      emailVerified: user.emailVerified,
      phoneNumberVerified: user.phoneNumberVerified,
      kycStatus: user.kycStatus,
      score,
      pickupTenths,
      dropoffTenths,
    })
    .from(travelPlans)
    .innerJoin(user, eq(user.id, travelPlans.travelerId))
    .where(
      and(
        eq(travelPlans.status, 'active'),
        inCellsSql(travelPlans.originCell, MATCH_GRID, pickup, radiusKm),
        inCellsSql(travelPlans.destinationCell, MATCH_GRID, dropoff, radiusKm),
        gte(travelPlans.departureAt, pkg.pickupFrom),
        lte(travelPlans.arrivalAt, pkg.deliverBy),
        // A trip that has left can no longer pick anything up.
        gt(travelPlans.departureAt, sql`now()`),
        sql`${travelPlans.capacityGrams} - ${travelPlans.reservedGrams} >= ${pkg.weightGrams}`,
        ne(travelPlans.travelerId, pkg.senderId),
        onlyTravelerId ? eq(travelPlans.travelerId, onlyTravelerId) : undefined,
        sql`${pickupKm} <= ${radiusKm}::float8`,
        sql`${dropoffKm} <= ${radiusKm}::float8`,
        eq(user.banned, false),
        isNull(user.deletedAt),
        cursor ? afterCursor(detour, score, rating, travelPlans.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(detour), desc(score), ratingOrder(detour, score, rating), asc(travelPlans.id))
    .limit(limit + 1);
}
