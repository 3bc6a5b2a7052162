import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { reviews } from '#server/db/schema/requests.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { Notifier } from '#server/modules/notifications/public.ts';
import { AppError } from '#shared/errors.ts';
import type { MemberReviews, MemberReviewsQuery, PackageReviewState, Review, WriteReview } from '#shared/reviews.ts';
import { type PackageRow, type Party, partyOf } from './access.ts';
import { type ReviewRow, toReview } from './mapping.ts';
import { ratingSummary } from './ratings.ts';
import { isRevealedSql, revealDeadline } from './reveal.ts';

// Reviews: after completion each side reviews the other once, blind: neither sees the
// other's review until both have written theirs or the period ends (reveal.ts). Every function takes
// `now` from the app's clock, so tests can stand on day 13 or day 14.

const longDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

async function reviewsOf(db: Database | Transaction, pkg: PackageRow) {
  const rows = await db
    .select({ review: reviews, author: { id: user.id, name: user.name, image: user.image } })
    .from(reviews)
    .innerJoin(user, eq(user.id, reviews.authorId))
    .where(eq(reviews.packageId, pkg.id));
  return rows.map((r) => ({ row: r.review, view: toReview(r.review, r.author, pkg.senderId) }));
}

function stateOf(party: Party, written: { row: ReviewRow; view: Review }[], now: Date): PackageReviewState {
  if (party.row.status !== 'completed') return { canReview: false, mine: null, theirs: null, revealAt: null };
  const deadline = revealDeadline(party.row);
  const mine = written.find((w) => w.row.authorId === party.viewerId);
  const theirs = written.find((w) => w.row.authorId === party.counterpartId);
  const bothAt =
    mine && theirs ? new Date(Math.max(mine.row.createdAt.getTime(), theirs.row.createdAt.getTime())) : null;
  const revealAt = bothAt && bothAt < deadline ? bothAt : deadline;
  return {
    canReview: !mine && now < deadline,
    mine: mine?.view ?? null,
    theirs: theirs && now >= revealAt ? theirs.view : null,
    revealAt: revealAt.toISOString(),
  };
}

/** GET /api/packages/{id}/review: where the viewer stands on reviewing this package. */
export async function getPackageReviewState(
  db: Database,
  viewerId: string,
  packageId: string,
  now: Date,
): Promise<PackageReviewState> {
  const party = await partyOf(db, packageId, viewerId);
  return stateOf(party, await reviewsOf(db, party.row), now);
}

/**
 * POST /api/packages/{id}/review: the viewer reviews the other side, once, while the period is open.
 * The package row is locked so that two reviews written at once see each other: whichever commits
 * second reveals both, and both members hear of it.
 */
export async function writeReview(
  db: Database,
  notifier: Notifier,
  viewer: { id: string; name: string },
  packageId: string,
  input: WriteReview,
  now: Date,
): Promise<PackageReviewState> {
  return notifier.transaction(db, async (tx, notify) => {
    const party = await partyOf(tx, packageId, viewer.id, true);
    const { row: pkg, counterpartId } = party;
    if (pkg.status !== 'completed' || !counterpartId) {
      throw new AppError('REVIEW_NOT_YET');
    }
    const deadline = revealDeadline(pkg);
    if (now >= deadline) {
      throw new AppError('REVIEW_WINDOW_CLOSED', { params: { closedOn: longDate.format(deadline) } });
    }
    const [created] = await tx
      .insert(reviews)
      .values({
        packageId: pkg.id,
        authorId: viewer.id,
        subjectId: counterpartId,
        rating: input.rating,
        comment: input.comment ? input.comment : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('REVIEW_ALREADY_WRITTEN');

    const written = await reviewsOf(tx, pkg);
    const theirs = written.find((w) => w.row.authorId === counterpartId);
    if (theirs) {
      // The second review: both are visible now, and each member can read what the other wrote.
      for (const [subjectId, authorName, reviewId] of [
        [counterpartId, viewer.name, created.id],
        [viewer.id, theirs.view.author.name, theirs.row.id],
      ] as const) {
        await notify({
          userId: subjectId,
          type: 'review_received',
          title: 'Your review is visible',
          body: `You have both reviewed "${pkg.title}": ${authorName}'s review of you is now on your profile.`,
          link: `/user/view/${subjectId}`,
          data: { packageId: pkg.id, reviewId, revealed: true },
        });
      }
    } else {
      await notify({
        userId: counterpartId,
        type: 'review_received',
        title: `${viewer.name} reviewed you`,
        body: `Write your review of "${pkg.title}" to read theirs. Both show when you have both written one, or on ${longDate.format(deadline)}.`,
        link: `/user/packages/${pkg.id}`,
        data: { packageId: pkg.id, reviewId: created.id, revealed: false },
      });
    }
    return stateOf(party, written, now);
  });
}

/** GET /api/users/{id}/reviews: the revealed reviews a member received, newest first, and their rating. */
export async function listMemberReviews(
  db: Database,
  memberId: string,
  query: MemberReviewsQuery,
  now: Date,
): Promise<MemberReviews> {
  const [member] = await db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, memberId));
  if (!member || member.deletedAt) throw new AppError('MEMBER_NOT_FOUND');
  const cursor = query.cursor ? decodeTimeCursor(query.cursor) : null;
  const rows = await db
    .select({
      review: reviews,
      author: { id: user.id, name: user.name, image: user.image },
      senderId: packages.senderId,
      at: exactTime(reviews.createdAt),
    })
    .from(reviews)
    .innerJoin(packages, eq(packages.id, reviews.packageId))
    .innerJoin(user, eq(user.id, reviews.authorId))
    .where(
      and(
        eq(reviews.subjectId, memberId),
        isRevealedSql(reviews, packages, now),
        cursor ? afterTimeCursor(reviews.createdAt, reviews.id, cursor, 'desc') : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    rating: await ratingSummary(db, memberId, now),
    items: page.map((r) => toReview(r.review, r.author, r.senderId)),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.at, last.review.id]) : null,
  };
}
