import type { messages } from '#server/db/schema/requests.ts';
import type { ChatMessage } from '#shared/chat.ts';

export function toChatMessage(row: typeof messages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The other participant of a conversation, seen from `me`. */
export function otherOf(conversation: { userA: string; userB: string }, me: string): string {
  return conversation.userA === me ? conversation.userB : conversation.userA;
}

/** The order a pair is stored in (conversation.user_a < user_b), so a pair has one row. */
export function orderedPair(one: string, two: string): { userA: string; userB: string } {
  return one < two ? { userA: one, userB: two } : { userA: two, userB: one };
}
