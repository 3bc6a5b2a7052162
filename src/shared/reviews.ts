import { z } from 'zod';
import { text } from './text.ts';

// Reviews: after completion each side reviews the other once; a review is revealed when
// both have written theirs or REVIEW_REVEAL_DAYS after completion (Sharetribe's rule).

export const REVIEW_REVEAL_DAYS = 14;
export const REVIEW_LIMITS = { comment: 1000 } as const;

export const writeReviewSchema = z
  .strictObject({
    rating: z
      .number('Choose 1 to 5 stars')
      .int('Choose 1 to 5 stars')
      .min(1, 'Choose 1 to 5 stars')
      .max(5, 'Choose 1 to 5 stars'),
    comment: text()
      .trim()
      .max(REVIEW_LIMITS.comment, `Keep the comment under ${REVIEW_LIMITS.comment} characters`)
      .optional(),
  })
  .meta({ id: 'WriteReview' });
export type WriteReview = z.infer<typeof writeReviewSchema>;

export const reviewSchema = z
  .object({
    id: z.string(),
    packageId: z.string(),
    author: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
    /** The author's role on that package. */
    authorRole: z.enum(['sender', 'traveler']),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const ratingSummarySchema = z
  .object({ average: z.number().nullable(), count: z.number().int() })
  .meta({ id: 'RatingSummary' });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const memberReviewsSchema = z
  .object({ rating: ratingSummarySchema, items: z.array(reviewSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'MemberReviews' });
export type MemberReviews = z.infer<typeof memberReviewsSchema>;

/** Where I stand on reviewing a completed package. */
export const packageReviewStateSchema = z
  .object({
    canReview: z.boolean(),
    mine: reviewSchema.nullable(),
    /** The other side's review of me: null until revealed. */
    theirs: reviewSchema.nullable(),
    revealAt: z.string().nullable(),
  })
  .meta({ id: 'PackageReviewState' });
export type PackageReviewState = z.infer<typeof packageReviewStateSchema>;

/** GET /api/users/{id}/reviews: newest first, a page at a time. */
export const MEMBER_REVIEWS_PAGE_SIZE = 10;
export const memberReviewsQuerySchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(MEMBER_REVIEWS_PAGE_SIZE),
});
export type MemberReviewsQuery = z.infer<typeof memberReviewsQuerySchema>;
