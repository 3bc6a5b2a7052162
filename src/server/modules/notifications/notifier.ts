import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { type UnitOfWork, unitOfWork } from '#server/db/unit-of-work.ts';
import type { Mailer } from '#server/providers/mail/mailer.ts';
import { type Gateway, userRoom } from '#server/realtime/gateway.ts';
import { type NotificationItem, type NotificationType, notificationEventName } from '#shared/notifications.ts';
import { notificationEmail } from './email.ts';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link?: string | null;
  data?: Record<string, unknown>;
  /**
   * False when the caller sends its own e-mail for this (a support answer goes by e-mail whatever the
   * preference says, so the preference's copy would be a second one).
   */
  emailCopy?: boolean;
}

/** The same notification for many members (a broadcast): one row each, inserted in batches. */
export interface NotifyManyInput extends Omit<NotifyInput, 'userId'> {
  userIds: readonly string[];
}

/** Stores a notification in the caller's transaction, so it exists exactly when the change does. */
export type Notify = (input: NotifyInput | NotifyManyInput) => Promise<void>;

export interface Notifier {
  /**
   * Runs `work` as one unit of work (`db/unit-of-work.ts`) with a `notify` bound to it; what was
   * notified is pushed to the members' open tabs (and e-mailed to those who want it) only after the
   * commit, so nobody hears of a change that was rolled back. Given the transaction of a unit under
   * way, it runs in a savepoint of it, and its notifications wait for that unit's commit.
   */
  transaction<T>(db: Database, work: (tx: Transaction, notify: Notify) => Promise<T>): Promise<T>;
}

/** The app's notifier, which also knows when its e-mail copies are out. */
export interface MailingNotifier extends Notifier {
  /** Resolves when the e-mail copies already under way are sent (tests, shutdown). */
  drain(): Promise<void>;
}

const BATCH = 500;

export function toNotificationItem(row: typeof notification.$inferSelect): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    text: row.body,
    link: row.link,
    data: row.data,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NotifierOptions {
  gateway: Gateway;
  log: FastifyBaseLogger;
  /** E-mail copies go out through it when the member's `notify_by_email` is on; none without it. */
  mailer?: Mailer;
  baseUrl?: string;
}

export function createNotifier(options: NotifierOptions): MailingNotifier {
  const { gateway, log, mailer, baseUrl = '' } = options;
  const sending = new Set<Promise<void>>();

  const push = (rows: NotificationItem[], owners: string[]) => {
    rows.forEach((row, i) => {
      const userId = owners[i] as string;
      try {
        // A room reaches the member's sockets on every node (the Redis adapter carries it).
        gateway.io.to(userRoom(userId)).emit(notificationEventName as never, row as never);
      } catch (err) {
        // Stored already: the member sees it on the next fetch even if the push is lost.
        log.warn({ err, userId }, 'notification push failed');
      }
    });
  };

  // After the commit and apart from the request: a slow or failing mail server never fails or
  // delays the change that caused the notification. Failures are logged, the copy is not retried.
  const email = async (db: Database, rows: NotificationItem[], owners: string[]) => {
    const ids = [...new Set(owners)];
    const wanted = new Map<string, { email: string; name: string }>();
    for (let i = 0; i < ids.length; i += BATCH) {
      const members = await db
        .select({ id: user.id, email: user.email, name: user.name })
        .from(user)
        .where(and(inArray(user.id, ids.slice(i, i + BATCH)), eq(user.notifyByEmail, true), isNull(user.deletedAt)));
      for (const m of members) wanted.set(m.id, m);
    }
    for (const [i, row] of rows.entries()) {
      const to = wanted.get(owners[i] as string);
      if (!to || !mailer) continue;
      try {
        await mailer.send(notificationEmail(to, row, baseUrl));
      } catch (err) {
        log.error({ err, notificationId: row.id }, 'notification e-mail failed');
      }
    }
  };

  const storeIn = (unit: UnitOfWork): Notify => {
    // One push and one e-mail batch per unit, whatever the number of notify calls in it.
    const stored: NotificationItem[] = [];
    const owners: string[] = [];
    const mailed: boolean[] = [];
    unit.afterCommit(() => {
      if (stored.length === 0) return;
      push(stored, owners);
      if (!mailer || !mailed.includes(true)) return;
      const job = email(
        unit.db,
        stored.filter((_, i) => mailed[i]),
        owners.filter((_, i) => mailed[i]),
      ).catch((err) => log.error({ err }, 'notification e-mails failed'));
      sending.add(job);
      void job.finally(() => sending.delete(job));
    });
    return async (input) => {
      const userIds = 'userIds' in input ? [...input.userIds] : [input.userId];
      for (let i = 0; i < userIds.length; i += BATCH) {
        const rows = await unit.tx
          .insert(notification)
          .values(
            userIds.slice(i, i + BATCH).map((userId) => ({
              userId,
              type: input.type,
              title: input.title,
              body: input.body,
              link: input.link ?? null,
              data: input.data ?? {},
            })),
          )
          .returning();
        for (const row of rows) {
          stored.push(toNotificationItem(row));
          owners.push(row.userId);
          mailed.push(input.emailCopy !== false);
        }
      }
    };
  };

  return {
    transaction: (db, work) => unitOfWork(db, log, (unit) => work(unit.tx, storeIn(unit))),
    async drain() {
      await Promise.allSettled([...sending]);
    },
  };
}
