import { z } from 'zod';
import { text } from './text.ts';

// Chat (docs/product.md §7). A conversation is between two members and
// exists only through an accepted request or an administrator; no other way opens one, so there is
// no spam. Messages are stored before they are pushed, so a refetch always shows what a push missed.
//
//   GET  /api/communication/chat/conversations                    → ConversationList
//   GET  /api/communication/chat/conversations/:id/messages?before → MessagePage (newest first)
//   POST /api/communication/chat/conversations/:id/messages        SendMessage → 201 ChatMessage
//   POST /api/communication/chat/conversations/:id/read            → MarkConversationRead
//   GET  /api/communication/chat/total-unread                      → TotalUnread
//   POST /api/admin/conversations (admin)                          AdminOpenConversation → Conversation
// 401 for a visitor, 403 for a member who is not a participant, 404 for an unknown conversation.

export const CHAT_LIMITS = { content: 2000, pageSize: 30 } as const;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

/** A message, exactly as the `message` event carries it and the API lists it. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    senderId: z.string(),
    content: z.string(),
    createdAt: iso,
    /** When the other participant read it (the second tick); null while unread. */
    readAt: iso.nullable(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The other participant, as the web client reads it: `uid` is their user id (the same as `id`). */
export const conversationRecipientSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    /** At least one of their tabs or devices is connected, on any server node. */
    online: z.boolean(),
  })
  .meta({ id: 'ConversationRecipient' });
export type ConversationRecipient = z.infer<typeof conversationRecipientSchema>;

export const conversationSchema = z
  .object({
    id: z.string(),
    recipient: conversationRecipientSchema,
    /**
     * The package whose accepted request first opened it (a pair has one conversation, whatever
     * they carry later); null when an administrator opened it.
     */
    package: z.object({ id: z.string(), title: z.string() }).nullable(),
    lastMessage: chatMessageSchema.nullable(),
    /** Messages from the recipient I have not read. */
    unreadCount: z.number().int().min(0),
    createdAt: iso,
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** Every conversation of mine, the most recent message first (then the newest conversation). */
export const conversationListSchema = z.object({ items: z.array(conversationSchema) }).meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationParamsSchema = z.object({ id: z.uuid('Unknown conversation') });

/** `?before=<messageId>`: the page of older messages just before that one. */
export const messagesQuerySchema = z.object({ before: z.uuid('Unknown message').optional() });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/**
 * Newest first, CHAT_LIMITS.pageSize a page. `nextBefore` is the id to pass as `before` for the
 * next (older) page, or null when this page reaches the first message.
 */
export const messagePageSchema = z
  .object({ items: z.array(chatMessageSchema), nextBefore: z.string().nullable() })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof messagePageSchema>;

const content = text('Write a message')
  .trim()
  .min(1, 'Write a message')
  .max(CHAT_LIMITS.content, `Keep the message under ${CHAT_LIMITS.content} characters`);

export const sendMessageSchema = z.strictObject({ content }).meta({ id: 'SendMessage' });
export type SendMessage = z.infer<typeof sendMessageSchema>;

/** Answer of POST …/read: how many of the other side's messages became read, and when. */
export const markConversationReadSchema = z
  .object({ conversationId: z.string(), marked: z.number().int().min(0), readAt: iso })
  .meta({ id: 'ConversationRead' });
export type MarkConversationRead = z.infer<typeof markConversationReadSchema>;

export const totalUnreadSchema = z.object({ count: z.number().int().min(0) }).meta({ id: 'TotalUnread' });
export type TotalUnread = z.infer<typeof totalUnreadSchema>;

/** POST /api/admin/conversations: an administrator opens (or reopens) a conversation with a member. */
export const adminOpenConversationSchema = z
  .strictObject({ userId: z.uuid('Choose a member') })
  .meta({ id: 'AdminOpenConversation' });
export type AdminOpenConversation = z.infer<typeof adminOpenConversationSchema>;

// ── Live events ────────────────────────────────────────────────────────────────────────────────
// Server → client. Every event goes to user rooms the server chooses; a client never names a room.

/**
 * `message` (payload: ChatMessage) goes to BOTH participants' rooms on every node, so the sender's
 * other tabs stay in step too. A client therefore dedupes by id and shows the toast
 * "You have received a new message" only when senderId is not its own user.
 */
export const messageEventName = 'message';

/** `user_status`: sent to everyone who shares a conversation with `uid`, only when it changes. */
export const userStatusEventName = 'user_status';
export const userStatusSchema = z.object({ uid: z.string(), online: z.boolean() }).meta({ id: 'UserStatus' });
export type UserStatus = z.infer<typeof userStatusSchema>;

/**
 * `messages_read` (the read receipt): `readerId` read every message of the conversation sent by the
 * other participant up to `readAt`. Both rooms get it: the sender's ticks turn to "read", the
 * reader's other tabs lower their unread counts.
 */
export const messagesReadEventName = 'messages_read';
export const messagesReadSchema = z
  .object({ conversationId: z.string(), readerId: z.string(), readAt: iso })
  .meta({ id: 'MessagesRead' });
export type MessagesRead = z.infer<typeof messagesReadSchema>;

/** `typing` (server → client): the other participant is typing in that conversation. */
export const typingEventName = 'typing';
export const typingSchema = z.object({ conversationId: z.string(), uid: z.string() });
export type Typing = z.infer<typeof typingSchema>;

// Client → server, each answered through the Socket.IO acknowledgement with a ChatAck. The HTTP API
// does the same things; these save a round trip. A visitor, an outsider to the conversation or a bad
// payload gets `{ ok: false, error }` and nothing happens.

/** Send a message: stored, then pushed as `message`, exactly as POST …/messages. Ack: `{ ok, message }`. */
export const sendMessageEventName = 'message:send';
export const sendMessageEventSchema = z.strictObject({ conversationId: z.uuid(), content });
export type SendMessageEvent = z.infer<typeof sendMessageEventSchema>;

/** Mark a conversation read, exactly as POST …/read. Ack: `{ ok, read }`. */
export const markReadEventName = 'message:read';
/** Tell the other participant I am typing (relayed as `typing`; not stored). Ack: `{ ok }`. */
export const typingStartEventName = 'typing:start';
export const conversationEventSchema = z.strictObject({ conversationId: z.uuid() });
export type ConversationEvent = z.infer<typeof conversationEventSchema>;

/** `code` is the catalog's; `kind` one of the coarse `socketErrorCodes` (src/shared/realtime.ts). */
export type ChatAckError = {
  ok: false;
  error: { code: string; kind: string; message: string; params?: Record<string, string | number> };
};
export type SendMessageAck = { ok: true; message: ChatMessage } | ChatAckError;
export type MarkReadAck = { ok: true; read: MarkConversationRead } | ChatAckError;
export type TypingAck = { ok: true } | ChatAckError;
