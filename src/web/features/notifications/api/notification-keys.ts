/**
 * Query and mutation keys of notifications, from one factory. Everything sits under the member's
 * id, so a tab that signs in as someone else never shows the previous member's list for a moment.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  of: (me: string) => [...notificationKeys.all, me] as const,
  list: (me: string) => [...notificationKeys.of(me), 'list'] as const,
  unread: (me: string) => [...notificationKeys.of(me), 'unread-count'] as const,
  markRead: () => [...notificationKeys.all, 'mark-read'] as const,
  markAllRead: () => [...notificationKeys.all, 'mark-all-read'] as const,
};
