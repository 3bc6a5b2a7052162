import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkAllNotificationsRead, NotificationItem } from '#shared/notifications.ts';
import { notificationQueries } from '#web/api/notifications.ts';
import { http } from '#web/lib/http.ts';
import { useSession } from '#web/lib/session.ts';
import { notificationMutationKeys } from './notification-keys.ts';
import { applyRead } from './notification-updates.ts';

/** The signed-in member's id ('' while unknown: the queries below wait for it). */
function useMe(): string {
  return useSession().data?.id ?? '';
}

/** GET /api/notifications: mine, newest first, a page at a time (`cursor`). */
export function useNotifications() {
  const me = useMe();
  return useInfiniteQuery({ ...notificationQueries.list(me), enabled: me !== '' });
}

/** GET /api/notifications/unread-count: the badge. Asked only when someone is signed in. */
export function useUnreadNotifications() {
  const me = useMe();
  return useQuery({ ...notificationQueries.unread(me), enabled: me !== '' });
}

/** POST /api/notifications/{id}/read: on open or on "Mark as read". */
export function useMarkNotificationRead() {
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: notificationMutationKeys.markRead(),
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
    mutationKey: notificationMutationKeys.markAllRead(),
    mutationFn: () => http<MarkAllNotificationsRead>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ readAt }) => applyRead(client, me, null, readAt),
  });
}
