import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, MarkConversationRead } from '#shared/chat.ts';
import { chatQueries } from '#web/api/chat.ts';
import { http } from '#web/lib/http.ts';
import { useSession } from '#web/lib/session.ts';
import { chatMutationKeys } from './chat-keys.ts';
import { addSentMessage, applyMarkedRead } from './chat-updates.ts';

const BASE = '/api/communication/chat';

/** The signed-in member's id ('' while unknown: the queries below wait for it). */
export function useMe(): string {
  return useSession().data?.id ?? '';
}

/** GET …/conversations: mine, the latest message first, each with the other side's presence. */
export function useConversations() {
  const me = useMe();
  return useQuery({ ...chatQueries.conversations(me), enabled: me !== '' });
}

/** GET …/conversations/{id}/messages: newest first, 30 a page; the next page is older (`before`). */
export function useMessages(conversationId: string) {
  const me = useMe();
  return useInfiniteQuery({ ...chatQueries.messages(me, conversationId), enabled: me !== '' });
}

/** GET …/total-unread: the badge; a failure keeps what it last knew. */
export function useTotalUnread() {
  const me = useMe();
  return useQuery({ ...chatQueries.totalUnread(me), enabled: me !== '' });
}

/** POST …/messages. Never retried (a retry could send it twice); the composer keeps the text on failure. */
export function useSendMessage(conversationId: string) {
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: chatMutationKeys.send(conversationId),
    mutationFn: (content: string) =>
      http<ChatMessage>(`${BASE}/conversations/${conversationId}/messages`, { method: 'POST', body: { content } }),
    onSuccess: (message) => addSentMessage(client, me, message),
  });
}

/** POST …/read: the other side's messages become read; the counts come down here at once. */
export function useMarkConversationRead() {
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: chatMutationKeys.markRead(),
    mutationFn: (conversationId: string) =>
      http<MarkConversationRead>(`${BASE}/conversations/${conversationId}/read`, { method: 'POST' }),
    onSuccess: (read) => applyMarkedRead(client, me, read),
  });
}
