import { queryOptions } from '@tanstack/react-query';
import type { Profile, PublicProfile } from '#shared/profiles.ts';
import { http } from '#web/lib/http.ts';

// The profiles resource (server module `profiles`): my profile as I edit it, and what anyone sees of
// a member (docs/decisions/0037-one-web-data-layer.md). A member's reviews are the reviews
// resource's (#web/api/reviews.ts).

export const profileKeys = {
  all: ['profiles'] as const,
  mine: () => [...profileKeys.all, 'mine'] as const,
  member: (id: string) => [...profileKeys.all, 'member', id] as const,
};

export const profileQueries = {
  /** GET /api/profile: my profile as I edit it. */
  mine: () =>
    queryOptions({
      queryKey: profileKeys.mine(),
      queryFn: ({ signal }) => http<Profile>('/api/profile', { signal }),
    }),

  /** GET /api/users/{id}/public: what anyone sees of a member. */
  member: (id: string) =>
    queryOptions({
      queryKey: profileKeys.member(id),
      queryFn: ({ signal }) => http<PublicProfile>(`/api/users/${encodeURIComponent(id)}/public`, { signal }),
    }),
};
