/** Mutation keys of the chat feature; what it reads is keyed in #web/api/chat.ts. */
export const chatMutationKeys = {
  all: ['chat'] as const,
  send: (conversationId: string) => [...chatMutationKeys.all, 'send', conversationId] as const,
  markRead: () => [...chatMutationKeys.all, 'mark-read'] as const,
};
