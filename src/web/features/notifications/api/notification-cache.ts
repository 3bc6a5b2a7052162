import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationItem, NotificationPage } from '#shared/notifications.ts';

// Pure updates of the cached list and count, so the live events and the mutations change them the
// same way (and the tests can pin the rules down without a browser).

export type NotificationPages = InfiniteData<NotificationPage, string | null>;

export function hasNotification(data: NotificationPages | undefined, id: string): boolean {
  return data?.pages.some((page) => page.items.some((item) => item.id === id)) ?? false;
}

/** A pushed notification goes first in the list (newest first); one already listed is left alone. */
export function withNotification(data: NotificationPages | undefined, item: NotificationItem) {
  if (!data || hasNotification(data, item.id)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return { ...data, pages: [{ items: [item], nextCursor: null }], pageParams: [null] };
  return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...rest] };
}

/**
 * Marks one notification (`id`) or all of them (`id: null`) read. Also says how many listed ones
 * were unread until now, so the count comes down by exactly that.
 */
export function withRead(
  data: NotificationPages | undefined,
  id: string | null,
  readAt: string,
): { data: NotificationPages | undefined; newlyRead: number } {
  if (!data) return { data, newlyRead: 0 };
  let newlyRead = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => {
      if (item.readAt || (id !== null && item.id !== id)) return item;
      newlyRead += 1;
      return { ...item, readAt };
    }),
  }));
  return { data: { ...data, pages }, newlyRead };
}

/** The unread count goes up by one per pushed notification and never below zero. */
export function raised(count: { count: number } | undefined, by = 1) {
  return count ? { count: count.count + by } : count;
}

export function lowered(count: { count: number } | undefined, by: number) {
  return count ? { count: Math.max(0, count.count - by) } : count;
}
