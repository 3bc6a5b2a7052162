import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packages } from '#server/db/schema/packages.ts';
import { reviews } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { REVIEW_REVEAL_DAYS } from '#shared/reviews.ts';
import { eachItem, withClaim } from './claim.ts';
import { JOB_BATCH_SIZE, type Job } from './job.ts';

// Reviews are revealed at read time (reviews/reveal.ts); this job only tells a member that a review
// of them has become visible because the period ended without their own. (When both review, the
// second review's request tells both.) Its mark is the notification itself, so a second run, or a
// second node, finds it sent and does nothing.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A node down for longer than this skips the notices of that time rather than sending stale ones. */
const NOTICE_GRACE_DAYS = 7;

const author = alias(user, 'review_author');

/** A lone review whose reveal (its package's completion plus the period) fell within the grace window. */
function loneRevealedBetween(from: Date, to: Date) {
  const completed = sql`coalesce(${packages.completedAt}, ${packages.updatedAt})`;
  return and(
    sql`${completed} > ${from.toISOString()}::timestamptz`,
    sql`${completed} <= ${to.toISOString()}::timestamptz`,
    sql`not exists (select 1 from ${reviews} as review_counterpart
      where review_counterpart.package_id = ${reviews.packageId} and review_counterpart.author_id = ${reviews.subjectId})`,
    sql`not exists (select 1 from ${notification} where ${notification.userId} = ${reviews.subjectId}
      and ${notification.type} = 'review_received' and ${notification.data}->>'reviewId' = ${reviews.id}::text
      and ${notification.data}->>'revealed' = 'true')`,
  );
}

const name = 'reveal-reviews';

export const revealReviewsJob: Job = {
  name,
  async run(ctx, now) {
    const to = new Date(now.getTime() - REVIEW_REVEAL_DAYS * DAY_MS);
    const from = new Date(to.getTime() - NOTICE_GRACE_DAYS * DAY_MS);
    const due = await ctx.db
      .select({ id: reviews.id })
      .from(reviews)
      .innerJoin(packages, eq(packages.id, reviews.packageId))
      .where(loneRevealedBetween(from, to))
      .orderBy(asc(reviews.createdAt))
      .limit(JOB_BATCH_SIZE);

    const claim = async (tx: Transaction, id: string) => {
      const [row] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .innerJoin(packages, eq(packages.id, reviews.packageId))
        .where(and(eq(reviews.id, id), loneRevealedBetween(from, to)))
        .for('update', { of: reviews, skipLocked: true });
      return row !== undefined;
    };

    return eachItem(
      ctx,
      name,
      due.map((d) => d.id),
      (id) =>
        withClaim(
          ctx,
          (tx) => claim(tx, id),
          async ({ tx, notify }) => {
            const [review] = await tx
              .select({ review: reviews, authorName: author.name, title: packages.title })
              .from(reviews)
              .innerJoin(packages, eq(packages.id, reviews.packageId))
              .innerJoin(author, eq(author.id, reviews.authorId))
              .where(eq(reviews.id, id));
            if (!review) return;
            await notify({
              userId: review.review.subjectId,
              type: 'review_received',
              title: 'A review of you is now visible',
              body: `${review.authorName}'s review of "${review.title}" is now on your profile: the review period has ended.`,
              link: `/user/view/${review.review.subjectId}`,
              data: { packageId: review.review.packageId, reviewId: review.review.id, revealed: true },
            });
          },
        ),
    );
  },
};
