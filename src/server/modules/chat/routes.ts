import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/client.ts';
import { member } from '#server/plugins/auth-guard.ts';
import type { Gateway } from '#server/realtime/gateway.ts';
import {
  adminOpenConversationSchema,
  chatMessageSchema,
  conversationListSchema,
  conversationParamsSchema,
  conversationSchema,
  markConversationReadSchema,
  messagePageSchema,
  messagesQuerySchema,
  sendMessageSchema,
  totalUnreadSchema,
} from '#shared/chat.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import { createParticipantCache } from './access.ts';
import { openConversationAsAdmin } from './admin.ts';
import { registerChatEvents } from './live.ts';
import { createChatPush } from './push.ts';
import {
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  totalUnread,
} from './service.ts';

export interface ChatRoutesOptions {
  db: Database;
  gateway: Gateway;
}

const e = apiErrorSchema;
const BASE = '/api/communication/chat';

/** Chat: conversations, messages, read receipts, total unread; its socket events and presence. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { db, gateway }) => {
  const push = createChatPush(gateway, app.log, app.metrics);
  const participant = createParticipantCache(db);
  registerChatEvents(gateway, db, push, participant, app.log);

  app.get(
    `${BASE}/conversations`,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['chat'],
        summary: 'My conversations: the other participant (online or not), the last message, my unread count',
        response: { 200: conversationListSchema, 401: e },
      },
    },
    async (req) => listConversations(db, gateway.presence, member(req).id),
  );

  app.get(
    `${BASE}/conversations/:id/messages`,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['chat'],
        summary: 'Messages of a conversation of mine, newest first, 30 a page (`before`: the oldest one I have)',
        params: conversationParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagePageSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => listMessages(db, member(req).id, req.params.id, req.query.before),
  );

  app.post(
    `${BASE}/conversations/:id/messages`,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['chat'],
        summary: 'Send a message (1–2000 characters, trimmed): stored, then pushed to both participants',
        params: conversationParamsSchema,
        body: sendMessageSchema,
        response: { 201: chatMessageSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) => {
      const me = member(req);
      return reply.code(201).send(await sendMessage(db, push, participant, me.id, req.params.id, req.body.content));
    },
  );

  app.post(
    `${BASE}/conversations/:id/read`,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['chat'],
        summary: "Mark the other participant's messages read (sends them the read receipt)",
        params: conversationParamsSchema,
        response: { 200: markConversationReadSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => markConversationRead(db, push, member(req).id, req.params.id),
  );

  app.get(
    `${BASE}/total-unread`,
    {
      config: { auth: 'member' },
      schema: {
        tags: ['chat'],
        summary: 'How many messages sent to me I have not read, over all my conversations',
        response: { 200: totalUnreadSchema, 401: e },
      },
    },
    async (req) => totalUnread(db, member(req).id),
  );
};

/** An administrator's conversation with a member (under /api/admin). */
export const chatAdminRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (app, { db, gateway }) => {
  app.post(
    '/conversations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Open (or find) my conversation with a member, as an administrator; audit-logged',
        body: adminOpenConversationSchema,
        response: { 200: conversationSchema, 201: conversationSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req, reply) => {
      const me = member(req);
      const { id, created } = await openConversationAsAdmin(db, me.id, req.body.userId);
      return reply.code(created ? 201 : 200).send(await getConversation(db, gateway.presence, me.id, id));
    },
  );
};
