import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import { type Gateway, userRoom } from '#server/realtime/gateway.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  markAllNotificationsReadSchema,
  notificationItemSchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationReadEventName,
  notificationsQuerySchema,
  unreadNotificationsSchema,
} from '#shared/notifications.ts';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type ReadPush,
  unreadNotifications,
} from './service.ts';

export interface NotificationRoutesOptions {
  db: Database;
  gateway: Gateway;
}

const e = apiErrorSchema;

/** Notifications: my list, the unread badge, marking one or all read. */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (app, { db, gateway }) => {
  const push: ReadPush = (userId, event) => {
    try {
      gateway.io.to(userRoom(userId)).emit(notificationReadEventName as never, event as never);
    } catch (err) {
      app.log.warn({ err, userId }, 'notification_read push failed');
    }
  };

  app.get(
    '/api/notifications',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'My notifications, newest first (`cursor`: the previous page’s nextCursor)',
        querystring: notificationsQuerySchema,
        response: { 200: notificationPageSchema, 400: e, 401: e },
      },
    },
    async (req) => listNotifications(db, member(req).id, req.query.cursor),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'How many of my notifications are unread',
        response: { 200: unreadNotificationsSchema, 401: e },
      },
    },
    async (req) => unreadNotifications(db, member(req).id),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: notificationParamsSchema,
        response: { 200: notificationItemSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => markNotificationRead(db, push, member(req).id, req.params.id),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: { 200: markAllNotificationsReadSchema, 401: e },
      },
    },
    async (req) => markAllNotificationsRead(db, push, member(req).id),
  );
};
