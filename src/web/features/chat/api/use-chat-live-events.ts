import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  chatMessageSchema,
  messageEventName,
  messagesReadEventName,
  messagesReadSchema,
  userStatusEventName,
  userStatusSchema,
} from '#shared/chat.ts';
import { chatKeys } from '#web/api/chat.ts';
import { useLiveEvent, useSocketReconnected } from '#web/lib/live-events.ts';
import { showToast } from '#web/lib/toasts.ts';
import { applyReceipt, applyUserStatus, receiveMessage } from './chat-updates.ts';

/** The words of the toast of an incoming message; its content goes under them. */
export const NEW_MESSAGE_TOAST = 'You have received a new message';

/**
 * The chat, live, for the signed-in member `me` (mounted once by the app, whatever page is open):
 * messages, read receipts and presence change the cached state (docs/product.md §7), and after any
 * reconnect conversations, the total unread and loaded messages are refetched.
 */
export function useChatLiveEvents(me: string) {
  const client = useQueryClient();
  // A recovered socket replays what it missed: the cache ignores a message it holds, the toast too.
  const seen = useRef(new Set<string>());

  useLiveEvent(messageEventName, chatMessageSchema, (message) => {
    const fresh = !seen.current.has(message.id);
    seen.current.add(message.id);
    receiveMessage(client, me, message);
    // Both participants' rooms get every message; my own tabs hear mine too, without a toast.
    if (fresh && message.senderId !== me) showToast(NEW_MESSAGE_TOAST, 'default', { description: message.content });
  });

  useLiveEvent(messagesReadEventName, messagesReadSchema, (receipt) => applyReceipt(client, me, receipt));

  useLiveEvent(userStatusEventName, userStatusSchema, (status) => applyUserStatus(client, me, status));

  useSocketReconnected(() => {
    void client.invalidateQueries({ queryKey: chatKeys.of(me) }, { cancelRefetch: false });
  });
}
