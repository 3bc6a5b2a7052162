import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NotificationPage, notificationsQuerySchema, UnreadNotifications } from '#shared/notifications.ts';
import { http } from '#web/lib/http.ts';

// The notifications resource (`/api/notifications…`, server module `notifications`). The live layer
// and this tab's own marks write into these same entries (docs/decisions/0037-one-web-data-layer.md).

/**
 * Everything sits under the member's id (`me`), though the server reads it from the session: a tab
 * that signs in as someone else never shows the previous member's list for a moment.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  of: (me: string) => [...notificationKeys.all, me] as const,
  list: (me: string) => [...notificationKeys.of(me), 'list'] as const,
  unread: (me: string) => [...notificationKeys.of(me), 'unread-count'] as const,
};

export const notificationQueries = {
  /** GET /api/notifications: mine, newest first, a page at a time (`cursor`). */
  list: (me: string) =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list(me),
      queryFn: ({ pageParam, signal }) =>
        http<NotificationPage>('/api/notifications', {
          query: { cursor: pageParam ?? undefined } satisfies z.input<typeof notificationsQuerySchema>,
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),

  /** GET /api/notifications/unread-count: the badge. */
  unread: (me: string) =>
    queryOptions({
      queryKey: notificationKeys.unread(me),
      queryFn: ({ signal }) => http<UnreadNotifications>('/api/notifications/unread-count', { signal }),
    }),
};
