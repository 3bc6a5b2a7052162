import { useInfiniteQuery } from '@tanstack/react-query';
import { reviewQueries } from '#web/api/reviews.ts';

/** GET /api/users/{id}/reviews: the member's revealed reviews, newest first, and their rating. */
export function useMemberReviews(id: string) {
  return useInfiniteQuery(reviewQueries.member(id));
}
