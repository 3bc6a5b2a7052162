import type { QueryClient } from '@tanstack/react-query';
import type { NotificationItem, UnreadNotifications } from '#shared/notifications.ts';
import { notificationKeys } from '#web/api/notifications.ts';
import {
  hasNotification,
  lowered,
  type NotificationPages,
  raised,
  withNotification,
  withRead,
} from './notification-cache.ts';

/**
 * A pushed notification: added to the list, the unread count up by one. Says whether it
 * was new to this tab (a recovered socket may replay one), so the caller toasts it once.
 */
export function receiveNotification(client: QueryClient, me: string, item: NotificationItem): boolean {
  const listKey = notificationKeys.list(me);
  const list = client.getQueryData<NotificationPages>(listKey);
  if (hasNotification(list, item.id)) return false;
  client.setQueryData<NotificationPages>(listKey, (data) => withNotification(data, item));
  if (!item.readAt) {
    const unreadKey = notificationKeys.unread(me);
    if (client.getQueryData(unreadKey)) client.setQueryData<UnreadNotifications>(unreadKey, (c) => raised(c));
    else void client.invalidateQueries({ queryKey: unreadKey });
  }
  return true;
}

/**
 * One (`id`) or all (`id: null`) marked read, by this tab's click or another tab's (the
 * `notification_read` event): both arrive here, and only a change from unread lowers the count, so
 * the two never count the same one twice.
 */
export function applyRead(client: QueryClient, me: string, id: string | null, readAt: string) {
  const listKey = notificationKeys.list(me);
  const unreadKey = notificationKeys.unread(me);
  const before = client.getQueryData<NotificationPages>(listKey);
  const { data, newlyRead } = withRead(before, id, readAt);
  if (data) client.setQueryData(listKey, data);
  if (id === null) {
    client.setQueryData<UnreadNotifications>(unreadKey, (c) => (c ? { count: 0 } : c));
    return;
  }
  if (newlyRead > 0) client.setQueryData<UnreadNotifications>(unreadKey, (c) => lowered(c, newlyRead));
  // Not in this tab's list (or already read here): only the server knows whether the count moved.
  else void client.invalidateQueries({ queryKey: unreadKey });
}
