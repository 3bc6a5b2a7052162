import type { FastifyInstance } from 'fastify';
import { conversations } from '#server/db/schema/requests.ts';
import { orderedPair } from '#server/modules/chat/mapping.ts';

/**
 * A conversation between two members, written as the requests module writes one when a request is
 * accepted (the pair ordered by id). Member-to-member conversations have no other way in.
 */
export async function openMemberConversation(
  app: FastifyInstance,
  one: string,
  two: string,
  packageId: string | null = null,
): Promise<string> {
  const [row] = await app.database.db
    .insert(conversations)
    .values({ ...orderedPair(one, two), packageId, openedBy: one })
    .returning({ id: conversations.id });
  if (!row) throw new Error('no conversation');
  return row.id;
}

export const chatUrl = (path: string) => `/api/communication/chat${path}`;

export async function send(app: FastifyInstance, cookie: string, conversationId: string, content: string) {
  return app.inject({
    method: 'POST',
    url: chatUrl(`/conversations/${conversationId}/messages`),
    headers: { cookie },
    payload: { content },
  });
}
