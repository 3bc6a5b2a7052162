import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { AppError } from '#shared/errors.ts';
import {
  type MarkAllNotificationsRead,
  NOTIFICATION_PAGE_SIZE,
  type NotificationItem,
  type NotificationPage,
  type NotificationRead,
  type UnreadNotifications,
} from '#shared/notifications.ts';
import { toNotificationItem } from './notifier.ts';

/** Tells my other tabs that something was marked read, so their badges agree. */
export type ReadPush = (userId: string, event: NotificationRead) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * My notifications, newest first. The cursor is the last item's id; the comparison happens in SQL
 * because the stored timestamps have microseconds a JavaScript Date would drop.
 */
export async function listNotifications(
  db: Database,
  me: string,
  cursor: string | undefined,
): Promise<NotificationPage> {
  let older = sql`true`;
  if (cursor) {
    const [anchor] = UUID.test(cursor)
      ? await db
          .select({ id: notification.id })
          .from(notification)
          .where(and(eq(notification.id, cursor), eq(notification.userId, me)))
      : [];
    if (!anchor) throw new AppError('VALIDATION_FAILED', { fields: { cursor: ['Unknown cursor'] } });
    older = sql`(${notification.createdAt}, ${notification.id}) < (select n.created_at, n.id from notification n where n.id = ${cursor})`;
  }
  const rows = await db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, me), older))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  return {
    items: page.map(toNotificationItem),
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function unreadNotifications(db: Database, me: string): Promise<UnreadNotifications> {
  const [row] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.userId, me), isNull(notification.readAt)));
  return { count: Number(row?.n ?? 0) };
}

/** Marks one of mine read (again is fine: it stays read at its first time). Another's is 404. */
export async function markNotificationRead(
  db: Database,
  push: ReadPush,
  me: string,
  id: string,
): Promise<NotificationItem> {
  const readAt = new Date();
  const [updated] = await db
    .update(notification)
    .set({ readAt })
    .where(and(eq(notification.id, id), eq(notification.userId, me), isNull(notification.readAt)))
    .returning();
  if (updated) {
    push(me, { id, readAt: readAt.toISOString() });
    return toNotificationItem(updated);
  }
  const [existing] = await db
    .select()
    .from(notification)
    .where(and(eq(notification.id, id), eq(notification.userId, me)));
  if (!existing) throw new AppError('NOTIFICATION_NOT_FOUND');
  return toNotificationItem(existing);
}

export async function markAllNotificationsRead(
  db: Database,
  push: ReadPush,
  me: string,
): Promise<MarkAllNotificationsRead> {
  const readAt = new Date();
  const marked = await db
    .update(notification)
    .set({ readAt })
    .where(and(eq(notification.userId, me), isNull(notification.readAt)))
    .returning({ id: notification.id });
  if (marked.length > 0) push(me, { id: null, readAt: readAt.toISOString() });
  return { marked: marked.length, readAt: readAt.toISOString() };
}
