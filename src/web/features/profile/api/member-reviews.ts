import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberReviews } from '#shared/reviews.ts';
import { http } from '#web/lib/http.ts';
import { profileKeys } from './profile-keys.ts';

/** GET /api/users/{id}/reviews: the member's revealed reviews, newest first, and their rating. */
export function useMemberReviews(id: string) {
  return useInfiniteQuery({
    queryKey: profileKeys.memberReviews(id),
    queryFn: ({ pageParam, signal }) =>
      http<MemberReviews>(`/api/users/${encodeURIComponent(id)}/reviews`, {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
