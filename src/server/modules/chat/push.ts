import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '#server/metrics/metrics.ts';
import { type Gateway, userRoom } from '#server/realtime/gateway.ts';
import {
  type ChatMessage,
  type MessagesRead,
  messageEventName,
  messagesReadEventName,
  type Typing,
  typingEventName,
  type UserStatus,
  userStatusEventName,
} from '#shared/chat.ts';

/** The chat's live events. Services call it only after their transaction committed. */
export interface ChatPush {
  message(message: ChatMessage, participants: readonly string[]): void;
  read(receipt: MessagesRead, participants: readonly string[]): void;
  typing(event: Typing, to: string): void;
  status(status: UserStatus, to: readonly string[]): void;
}

export function createChatPush(
  gateway: Gateway,
  log: FastifyBaseLogger,
  metrics?: Pick<Metrics, 'messagesDelivered'>,
): ChatPush {
  const emit = (rooms: readonly string[], event: string, payload: unknown) => {
    if (rooms.length === 0) return false;
    try {
      // Rooms reach every node through the adapter; one emit covers both participants.
      gateway.io.to(rooms.map(userRoom)).emit(event as never, payload as never);
      return true;
    } catch (err) {
      // Stored already: the reconnect refetch shows it even if the push is lost.
      log.warn({ err, event }, 'chat push failed');
      return false;
    }
  };
  return {
    message: (message, participants) => {
      if (emit(participants, messageEventName, message)) metrics?.messagesDelivered.inc();
    },
    read: (receipt, participants) => void emit(participants, messagesReadEventName, receipt),
    typing: (event, to) => void emit([to], typingEventName, event),
    status: (status, to) => void emit(to, userStatusEventName, status),
  };
}
