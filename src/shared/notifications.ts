import { z } from 'zod';
import { text } from './text.ts';

// Notifications (docs/product.md §7): stored per member, pushed live as the `notification` event to
// every open tab of that member. Services create them; this module lists them and counts the unread.

export const notificationEventName = 'notification';

export const notificationTypes = [
  'kyc_approved',
  'kyc_declined',
  'payment_succeeded',
  'payment_refunded',
  'payment_amount_mismatch',
  'package_cancelled',
  'request_received',
  /** The other side proposed another reward on a pending request (docs/product.md §4.5). */
  'request_countered',
  'request_accepted',
  'request_declined',
  'request_withdrawn',
  'request_expired',
  /** An administrator cancelled the member's trip (docs/product.md §8); a traveler's own cancelling tells nobody but the senders. */
  'travel_plan_cancelled',
  'package_picked_up',
  'package_delivered',
  'package_completed',
  'package_expired',
  'dispute_opened',
  'dispute_resolved',
  'dispute_evidence_added',
  'review_received',
  'payout_sent',
  'broadcast',
  /** To administrators: someone wrote to the support desk (a new ticket, or more on one). */
  'support_ticket',
  /** To a ticket's author: the team answered. */
  'support_reply',
  /** A new open package or upcoming trip on one of the member's saved routes (docs/product.md §3.5). */
  'route_alert',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

// ── The list, the unread count and marking read ─────────────────────────────────────────
//   GET  /api/notifications?cursor=      → NotificationPage (mine, newest first)
//   GET  /api/notifications/unread-count → UnreadNotifications
//   POST /api/notifications/:id/read     → NotificationItem (404 when it is not mine)
//   POST /api/notifications/read-all     → MarkAllNotificationsRead
// Every notification carries `text` as well: the web client shows a pushed notification's `text`
// field as a toast. It is the same words as `body`.

export const NOTIFICATION_PAGE_SIZE = 20;

/** A notification as the API lists it and the `notification` event carries it. */
export const notificationItemSchema = notificationSchema
  .extend({ text: z.string().meta({ description: 'The toast line (the client reads it as `text`); equals body' }) })
  .meta({ id: 'NotificationItem' });
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** `?cursor=`: the opaque `nextCursor` of the previous page. */
export const notificationsQuerySchema = z.object({ cursor: text().max(200).optional() });
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** Mine, newest first; `nextCursor` is null on the last page. */
export const notificationPageSchema = z
  .object({ items: z.array(notificationItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationParamsSchema = z.object({ id: z.uuid('Unknown notification') });

export const unreadNotificationsSchema = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'UnreadNotifications' });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/** Answer of POST /api/notifications/read-all: how many became read. */
export const markAllNotificationsReadSchema = z
  .object({ marked: z.number().int().min(0), readAt: z.string() })
  .meta({ id: 'NotificationsRead' });
export type MarkAllNotificationsRead = z.infer<typeof markAllNotificationsReadSchema>;

/**
 * `notification_read` goes to my own tabs when I mark one (`id`) or all (`id: null`) read, so every
 * tab's badge and list agree without a refetch.
 */
export const notificationReadEventName = 'notification_read';
export const notificationReadSchema = z.object({ id: z.string().nullable(), readAt: z.string() });
export type NotificationRead = z.infer<typeof notificationReadSchema>;
