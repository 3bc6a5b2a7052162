/**
 * Query and mutation keys of the chat, from one factory. Everything sits under the member's id, so
 * a tab that signs in as someone else never shows the previous member's conversations for a moment.
 */
export const chatKeys = {
  all: ['chat'] as const,
  of: (me: string) => [...chatKeys.all, me] as const,
  conversations: (me: string) => [...chatKeys.of(me), 'conversations'] as const,
  messages: (me: string, conversationId: string) => [...chatKeys.of(me), 'messages', conversationId] as const,
  totalUnread: (me: string) => [...chatKeys.of(me), 'total-unread'] as const,
  send: (conversationId: string) => [...chatKeys.all, 'send', conversationId] as const,
  markRead: () => [...chatKeys.all, 'mark-read'] as const,
};
