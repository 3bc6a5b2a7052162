import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  notificationEventName,
  notificationItemSchema,
  notificationReadEventName,
  notificationReadSchema,
} from '#shared/notifications.ts';
import { notificationKeys } from '#web/api/notifications.ts';
import { useLiveEvent, useSocketReconnected } from '#web/lib/live-events.ts';
import { showToast } from '#web/lib/toasts.ts';
import { applyRead, receiveNotification } from './notification-updates.ts';

/**
 * Notifications, live, for the signed-in member `me` (mounted once by the app): a pushed one is
 * added to the list, raises the unread count and shows its text as a toast; marks made
 * in another tab are applied here; after any reconnect the list and the count are refetched.
 */
export function useNotificationLiveEvents(me: string) {
  const client = useQueryClient();
  // A recovered socket replays what it missed; a tab that has not loaded the list cannot tell a
  // replay from the list, so it remembers what it has already shown.
  const seen = useRef(new Set<string>());

  useLiveEvent(notificationEventName, notificationItemSchema, (item) => {
    if (seen.current.has(item.id)) return;
    seen.current.add(item.id);
    if (receiveNotification(client, me, item)) showToast(item.text);
  });

  useLiveEvent(notificationReadEventName, notificationReadSchema, ({ id, readAt }) => {
    applyRead(client, me, id, readAt);
  });

  useSocketReconnected(() => {
    void client.invalidateQueries({ queryKey: notificationKeys.of(me) }, { cancelRefetch: false });
  });
}
