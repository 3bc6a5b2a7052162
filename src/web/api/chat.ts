import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ConversationList, MessagePage, messagesQuerySchema, TotalUnread } from '#shared/chat.ts';
import { http } from '#web/lib/http.ts';

// The chat resource (`/api/communication/chat…`, server module `chat`). The live layer and this
// tab's own actions write into these same entries (docs/decisions/0037-one-web-data-layer.md).

const BASE = '/api/communication/chat';

/**
 * Everything sits under the member's id (`me`), though the server reads it from the session: a tab
 * that signs in as someone else never shows the previous member's conversations for a moment.
 */
export const chatKeys = {
  all: ['chat'] as const,
  of: (me: string) => [...chatKeys.all, me] as const,
  conversations: (me: string) => [...chatKeys.of(me), 'conversations'] as const,
  messages: (me: string, conversationId: string) => [...chatKeys.of(me), 'messages', conversationId] as const,
  totalUnread: (me: string) => [...chatKeys.of(me), 'total-unread'] as const,
};

export const chatQueries = {
  /** GET …/conversations: mine, the latest message first, each with the other side's presence. */
  conversations: (me: string) =>
    queryOptions({
      queryKey: chatKeys.conversations(me),
      queryFn: ({ signal }) => http<ConversationList>(`${BASE}/conversations`, { signal }),
    }),

  /** GET …/conversations/{id}/messages: newest first, a page at a time; the next page is older (`before`). */
  messages: (me: string, conversationId: string) =>
    infiniteQueryOptions({
      queryKey: chatKeys.messages(me, conversationId),
      queryFn: ({ pageParam, signal }) =>
        http<MessagePage>(`${BASE}/conversations/${encodeURIComponent(conversationId)}/messages`, {
          query: { before: pageParam ?? undefined } satisfies z.input<typeof messagesQuerySchema>,
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextBefore ?? undefined,
    }),

  /**
   * GET …/total-unread: the badge. A failure is only logged (a warning, so the page's error
   * watchers stay quiet), and the badge keeps what it last knew.
   */
  totalUnread: (me: string) =>
    queryOptions({
      queryKey: chatKeys.totalUnread(me),
      queryFn: async ({ signal }) => {
        try {
          return await http<TotalUnread>(`${BASE}/total-unread`, { signal });
        } catch (err) {
          if (!signal.aborted) console.warn('Could not fetch the total unread messages', err);
          throw err;
        }
      },
    }),
};
