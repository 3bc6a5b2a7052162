import { infiniteQueryOptions } from '@tanstack/react-query';
import type { MemberReviews } from '#shared/reviews.ts';
import { http } from '#web/lib/http.ts';

// The reviews a member received (`/api/users/{id}/reviews`, server module `reviews`). Where I stand
// on reviewing one package is read with the package (packageQueries.review in #web/api/packages.ts),
// under its key (docs/decisions/0037-one-web-data-layer.md).

export const reviewKeys = {
  all: ['reviews'] as const,
  /** A member's revealed reviews, read page by page. */
  member: (id: string) => [...reviewKeys.all, 'member', id] as const,
};

export const reviewQueries = {
  /** GET /api/users/{id}/reviews: the member's revealed reviews, newest first, and their rating. */
  member: (id: string) =>
    infiniteQueryOptions({
      queryKey: reviewKeys.member(id),
      queryFn: ({ pageParam, signal }) =>
        http<MemberReviews>(`/api/users/${encodeURIComponent(id)}/reviews`, {
          query: { cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};
