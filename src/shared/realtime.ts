import { z } from 'zod';
import { text } from './text.ts';

/** The diagnostics page's test event: echoed back to the sender only. */
export const echoEventName = 'diagnostics:echo';
export const echoPayloadSchema = z.object({ text: text().trim().min(1).max(500) });
export type EchoPayload = z.infer<typeof echoPayloadSchema>;
export type EchoAck = { ok: true; text: string; receivedAt: string } | { ok: false; error: string };

// The live events of notifications and chat are named next to their payloads in
// notifications.ts (`notification`, `notification_read`) and chat.ts (`message`, `messages_read`,
// `user_status`, `typing`, and the client → server `message:send`, `message:read`, `typing:start`).

/**
 * Connection state recovery is on: a socket that drops for less than this comes back with its id
 * and rooms, and the events it missed are replayed. A longer gap is a fresh connection; either way
 * the client refetches conversations, the total unread count and notifications after a reconnect,
 * so nothing missed stays missing (everything is stored before it is pushed).
 */
export const RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** Every refusal of a client → server event (not signed in, outsider, bad payload) answers this code. */
export const socketErrorCodes = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'VALIDATION_FAILED', 'INTERNAL'] as const;
export type SocketErrorCode = (typeof socketErrorCodes)[number];
