import { type AnyColumn, and, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { reviews } from '#server/db/schema/requests.ts';
import type { RatingSummary } from '#shared/reviews.ts';
import { isRevealedSql } from './reveal.ts';

// A member's rating: the average and count of the revealed reviews they received, whichever side of
// the package they were on. Hidden reviews never count, or a rating would give them away. The
// average is rounded to two decimals in SQL, so the value matching sorts by and carries in its
// cursor is exactly the one the cards show.

const averageSql = (rating: AnyColumn) => sql<number>`round(avg(${rating}), 2)::float8`;

/** The ratings of several members at once (one query); a member without a revealed review is absent. */
export async function ratingSummaries(
  db: Database,
  memberIds: readonly string[],
  now: Date,
): Promise<Map<string, { average: number; count: number }>> {
  const summaries = new Map<string, { average: number; count: number }>();
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return summaries;
  const rows = await db
    .select({
      subjectId: reviews.subjectId,
      average: averageSql(reviews.rating),
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .innerJoin(packages, eq(packages.id, reviews.packageId))
    .where(and(inArray(reviews.subjectId, ids), isRevealedSql(reviews, packages, now)))
    .groupBy(reviews.subjectId);
  for (const row of rows) summaries.set(row.subjectId, { average: Number(row.average), count: Number(row.count) });
  return summaries;
}

/** One member's rating as the contract shows it: average null until the first revealed review. */
export async function ratingSummary(db: Database, memberId: string, now: Date): Promise<RatingSummary> {
  return (await ratingSummaries(db, [memberId], now)).get(memberId) ?? { average: null, count: 0 };
}

const rated = alias(reviews, 'rated_review');
const ratedPackage = alias(packages, 'rated_package');

/**
 * The member's average as a correlated subquery, for ordering match results in SQL (null without a
 * revealed review). Aliased tables, so it can sit inside a query that already reads `package`.
 */
export function ratingAverageSql(memberId: SQLWrapper, now: Date): SQL<number | null> {
  const average = new QueryBuilder()
    .select({ average: averageSql(rated.rating) })
    .from(rated)
    .innerJoin(ratedPackage, eq(ratedPackage.id, rated.packageId))
    .where(and(eq(rated.subjectId, memberId), isRevealedSql(rated, ratedPackage, now)));
  return sql<number | null>`(${average})`;
}
