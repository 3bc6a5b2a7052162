import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import type { Gateway } from '#server/realtime/gateway.ts';
import {
  conversationEventSchema,
  markReadEventName,
  sendMessageEventName,
  sendMessageEventSchema,
  typingStartEventName,
} from '#shared/chat.ts';
import { type Access, partnersOf } from './access.ts';
import type { ChatPush } from './push.ts';
import { markConversationRead, sendMessage } from './service.ts';

/**
 * The chat's client → server events and presence announcements. The gateway has already refused
 * visitors and bad payloads; the services refuse outsiders exactly as over HTTP.
 */
export function registerChatEvents(
  gateway: Gateway,
  db: Database,
  push: ChatPush,
  participant: Access,
  log: FastifyBaseLogger,
) {
  gateway.handle(sendMessageEventName, sendMessageEventSchema, async (user, { conversationId, content }) => ({
    ok: true,
    message: await sendMessage(db, push, participant, user.id, conversationId, content),
  }));

  gateway.handle(markReadEventName, conversationEventSchema, async (user, { conversationId }) => ({
    ok: true,
    read: await markConversationRead(db, push, user.id, conversationId),
  }));

  gateway.handle(typingStartEventName, conversationEventSchema, async (user, { conversationId }) => {
    const { otherId } = await participant(conversationId, user.id);
    push.typing({ conversationId, uid: user.id }, otherId);
    return { ok: true };
  });

  // Presence goes to the people who can see it: those who share a conversation with the member.
  gateway.onPresenceChange(async (userId, online) => {
    const partners = await partnersOf(db, userId);
    push.status({ uid: userId, online }, partners);
    log.debug({ userId, online, partners: partners.length }, 'presence changed');
  });
}
