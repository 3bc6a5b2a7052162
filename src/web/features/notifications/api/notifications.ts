import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkAllNotificationsRead,
  NotificationItem,
  NotificationPage,
  UnreadNotifications,
} from '#shared/notifications.ts';
import { http } from '#web/lib/http.ts';
import { useSession } from '#web/lib/session.ts';
import { notificationKeys } from './notification-keys.ts';
import { applyRead } from './notification-updates.ts';

/** The signed-in member's id ('' while unknown: the queries below wait for it). */
function useMe(): string {
  return useSession().data?.id ?? '';
}

/** GET /api/notifications: mine, newest first, a page at a time (`cursor`). */
export function useNotifications() {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(me),
    queryFn: ({ pageParam, signal }) =>
      http<NotificationPage>('/api/notifications', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: me !== '',
  });
}

/** GET /api/notifications/unread-count: the badge. Asked only when someone is signed in. */
export function useUnreadNotifications() {
  const me = useMe();
  return useQuery({
    queryKey: notificationKeys.unread(me),
    queryFn: ({ signal }) => http<UnreadNotifications>('/api/notifications/unread-count', { signal }),
    enabled: me !== '',
  });
}

/** POST /api/notifications/{id}/read: on open or on "Mark as read". */
export function useMarkNotificationRead() {
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.markRead(),
    mutationFn: (id: string) => http<NotificationItem>(`/api/notifications/${id}/read`, { method: 'POST' }),
    // In the mutation's own options, so it still lands when opening the link has left the page.
    onSuccess: (item) => applyRead(client, me, item.id, item.readAt ?? new Date().toISOString()),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.markAllRead(),
    mutationFn: () => http<MarkAllNotificationsRead>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ readAt }) => applyRead(client, me, null, readAt),
  });
}
