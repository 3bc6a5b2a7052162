import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { reviews } from '#server/db/schema/requests.ts';
import { REVIEW_REVEAL_DAYS } from '#shared/reviews.ts';

// When a review may be read (Sharetribe's rule): as soon as both sides of the package have
// written theirs, or REVIEW_REVEAL_DAYS after the package was completed, whichever comes first. The
// same period is the window for writing one: a review written after its counterpart was revealed
// would no longer be blind. Every caller passes `now` from its injected clock.

const DAY_MS = 24 * 60 * 60 * 1000;
const REVEAL_MS = REVIEW_REVEAL_DAYS * DAY_MS;

/**
 * When the package's reviews show at the latest and stop being accepted. Packages completed before
 * completed_at existed (demo data) count from their last change.
 */
export function revealDeadline(pkg: { completedAt: Date | null; updatedAt: Date }): Date {
  return new Date((pkg.completedAt ?? pkg.updatedAt).getTime() + REVEAL_MS);
}

/** The same deadline in SQL, for a `package` table or alias. */
const completedSql = (pkg: { completedAt: AnyColumn; updatedAt: AnyColumn }) =>
  sql`coalesce(${pkg.completedAt}, ${pkg.updatedAt})`;

/**
 * True for a review row (of `review` or an alias) that is visible at `now`; `pkg` is its package,
 * joined by the caller. The counterpart is the review its subject wrote of the same package.
 */
export function isRevealedSql(
  review: { packageId: AnyColumn; subjectId: AnyColumn },
  pkg: { completedAt: AnyColumn; updatedAt: AnyColumn },
  now: Date,
): SQL<boolean> {
  const cutoff = new Date(now.getTime() - REVEAL_MS).toISOString();
  return sql<boolean>`(${completedSql(pkg)} <= ${cutoff}::timestamptz or exists (
    select 1 from ${reviews} as review_counterpart
    where review_counterpart.package_id = ${review.packageId} and review_counterpart.author_id = ${review.subjectId}))`;
}
