import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationList, MarkConversationRead, MessagePage, TotalUnread } from '#shared/chat.ts';
import { http } from '#web/lib/http.ts';
import { useSession } from '#web/lib/session.ts';
import { chatKeys } from './chat-keys.ts';
import { addSentMessage, applyMarkedRead } from './chat-updates.ts';

const BASE = '/api/communication/chat';

/** The signed-in member's id ('' while unknown: the queries below wait for it). */
export function useMe(): string {
  return useSession().data?.id ?? '';
}

/** GET …/conversations: mine, the latest message first, each with the other side's presence. */
export function useConversations() {
  const me = useMe();
  return useQuery({
    queryKey: chatKeys.conversations(me),
    queryFn: ({ signal }) => http<ConversationList>(`${BASE}/conversations`, { signal }),
    enabled: me !== '',
  });
}

/** GET …/conversations/{id}/messages: newest first, 30 a page; the next page is older (`before`). */
export function useMessages(conversationId: string) {
  const me = useMe();
  return useInfiniteQuery({
    queryKey: chatKeys.messages(me, conversationId),
    queryFn: ({ pageParam, signal }) =>
      http<MessagePage>(`${BASE}/conversations/${conversationId}/messages`, {
        query: { before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled: me !== '',
  });
}

/**
 * GET …/total-unread: the badge. A failure is only logged (a warning, so the page's error
 * watchers stay quiet), and the badge keeps what it last knew.
 */
export function useTotalUnread() {
  const me = useMe();
  return useQuery({
    queryKey: chatKeys.totalUnread(me),
    queryFn: async ({ signal }) => {
      try {
        return await http<TotalUnread>(`${BASE}/total-unread`, { signal });
      } catch (err) {
        if (!signal.aborted) console.warn('Could not fetch the total unread messages', err);
        throw err;
      }
    },
    enabled: me !== '',
  });
}

/** POST …/messages. Never retried (a retry could send it twice); the composer keeps the text on failure. */
export function useSendMessage(conversationId: string) {
  const me = useMe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.send(conversationId),
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
    mutationKey: chatKeys.markRead(),
    mutationFn: (conversationId: string) =>
      http<MarkConversationRead>(`${BASE}/conversations/${conversationId}/read`, { method: 'POST' }),
    onSuccess: (read) => applyMarkedRead(client, me, read),
  });
}
