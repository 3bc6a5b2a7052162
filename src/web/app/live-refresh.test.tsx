// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation, ConversationList } from '#shared/chat.ts';
import type { NotificationItem } from '#shared/notifications.ts';
import { adminDashboardKeys } from '#web/api/admin-dashboard.ts';
import { adminSupportKeys } from '#web/api/admin-support.ts';
import { balanceKeys } from '#web/api/balances.ts';
import { chatKeys } from '#web/api/chat.ts';
import { packageKeys } from '#web/api/packages.ts';
import { profileKeys } from '#web/api/profiles.ts';
import { requestKeys } from '#web/api/requests.ts';
import { reviewKeys } from '#web/api/reviews.ts';
import { supportKeys } from '#web/api/support.ts';
import { MemberLiveUpdates } from './live-updates.tsx';

// The live refresh through its real path: a `notification` or a chat `message` pushed on the
// socket, the app's live layer mounted in a real QueryClient, and queries on screen (observed) that
// count their fetches. Refetching everything on screen would pass "the named package refetches" and
// fail "nothing else does".

const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    handlers,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
    },
    emit(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
});
vi.mock('#web/lib/socket.ts', () => ({ getSocket: () => socket }));
vi.mock('#web/lib/toasts.ts', () => ({ showToast: () => 0 }));

const ME = '00000000-0000-4000-8000-0000000000aa';
const PACKAGE = '00000000-0000-4000-8000-000000000001';
const OTHER_PACKAGE = '00000000-0000-4000-8000-000000000002';
const THEM = '00000000-0000-4000-8000-0000000000bb';
const CONVERSATION = '00000000-0000-4000-8000-0000000000cc';

const conversation: Conversation = {
  id: CONVERSATION,
  recipient: { id: THEM, uid: THEM, name: 'Them', image: null, online: true },
  package: { id: PACKAGE, title: 'Books' },
  lastMessage: null,
  unreadCount: 0,
  createdAt: '2026-05-01T00:00:00.000Z',
};

function notice(type: string, data: Record<string, unknown>): NotificationItem {
  return {
    id: crypto.randomUUID(),
    type,
    title: type,
    body: type,
    text: type,
    link: null,
    data,
    readAt: null,
    createdAt: new Date().toISOString(),
  };
}

let client: QueryClient;
let root: Root;
let container: HTMLElement;
const fetches = new Map<string, number>();
const unsubscribes: (() => void)[] = [];

/** A query on screen: observed, fetched once, and counting every fetch after that. */
async function onScreen(name: string, queryKey: QueryKey, data: unknown = { name }) {
  fetches.set(name, 0);
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      fetches.set(name, (fetches.get(name) ?? 0) + 1);
      return data;
    },
  });
  unsubscribes.push(observer.subscribe(() => {}));
  await vi.waitFor(() => expect(client.getQueryState(queryKey)?.status).toBe('success'));
}

/** Pushes a notice, then lets the refetches it starts settle. */
async function push(item: NotificationItem) {
  await act(async () => {
    socket.emit('notification', item);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

/** Fetches after the first one. */
const refetched = (name: string) => (fetches.get(name) ?? 0) - 1;

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  container = document.createElement('div');
  root = createRoot(container);
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <MemberLiveUpdates me={ME} />
      </QueryClientProvider>,
    );
  });
  await onScreen('package', packageKeys.detail(PACKAGE));
  await onScreen('other package', packageKeys.detail(OTHER_PACKAGE));
  await onScreen('package list', packageKeys.pages({ role: 'sender', group: 'active' }));
  await onScreen('incoming requests', requestKeys.pages({ direction: 'incoming', limit: 20 }));
  await onScreen('conversations', chatKeys.conversations(ME), { items: [conversation] } satisfies ConversationList);
  await onScreen('my profile', profileKeys.mine());
});

afterEach(async () => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  await act(async () => root.unmount());
  client.clear();
  fetches.clear();
});

describe('live refresh', () => {
  it('a notice that names no resource refetches nothing, the package list least of all', async () => {
    await push(notice('broadcast', {}));
    expect(refetched('package list')).toBe(0);
    expect(refetched('package')).toBe(0);
    expect(refetched('conversations')).toBe(0);
  });

  it('a chat message lands in the conversation and refetches the unread count, not the package list', async () => {
    await onScreen('total unread', chatKeys.totalUnread(ME), { count: 0 });
    const message: ChatMessage = {
      id: crypto.randomUUID(),
      conversationId: CONVERSATION,
      senderId: THEM,
      content: 'On my way',
      createdAt: new Date().toISOString(),
      readAt: null,
    };
    await act(async () => {
      socket.emit('message', message);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    const list = client.getQueryData<ConversationList>(chatKeys.conversations(ME));
    expect(list?.items[0]?.lastMessage?.id).toBe(message.id);
    expect(refetched('total unread')).toBe(1);
    expect(refetched('conversations')).toBe(0);
    expect(refetched('package list')).toBe(0);
    expect(refetched('package')).toBe(0);
    expect(refetched('incoming requests')).toBe(0);
    expect(refetched('my profile')).toBe(0);
  });

  it('a review of me refetches my public profile and my reviews, not the package list', async () => {
    await onScreen('my public profile', profileKeys.member(ME));
    await onScreen('my reviews', reviewKeys.member(ME));
    await push(notice('review_received', { packageId: PACKAGE }));
    expect(refetched('my public profile')).toBe(1);
    expect(refetched('my reviews')).toBe(1);
    expect(refetched('package')).toBe(1);
    expect(refetched('package list')).toBe(0);
    expect(refetched('conversations')).toBe(0);
  });

  it('a payout notice refetches the money, not the package list', async () => {
    await onScreen('balance', balanceKeys.summary());
    await push(notice('payout_sent', { payoutId: crypto.randomUUID(), amount: 1000, currency: 'EUR' }));
    expect(refetched('balance')).toBe(1);
    expect(refetched('package list')).toBe(0);
    expect(refetched('package')).toBe(0);
  });

  it('a new support message refetches the support queue and the waiting count, nothing of the member side', async () => {
    await onScreen('support queue', adminSupportKeys.list({ status: 'open' }));
    await onScreen('attention', adminDashboardKeys.attention());
    await onScreen('my tickets', supportKeys.mine(ME));
    await push(notice('support_ticket', { ticketId: crypto.randomUUID() }));
    expect(refetched('support queue')).toBe(1);
    expect(refetched('attention')).toBe(1);
    expect(refetched('my tickets')).toBe(0);
    expect(refetched('package list')).toBe(0);
  });

  it("the team's answer refetches the author's conversations, not the queue or the packages", async () => {
    await onScreen('my tickets', supportKeys.mine(ME));
    await onScreen('support queue', adminSupportKeys.list({ status: 'open' }));
    await push(notice('support_reply', { ticketId: crypto.randomUUID() }));
    expect(refetched('my tickets')).toBe(1);
    expect(refetched('support queue')).toBe(0);
    expect(refetched('package')).toBe(0);
  });

  it('request_accepted refetches that package and the request lists, and leaves unrelated queries alone', async () => {
    await push(notice('request_accepted', { requestId: crypto.randomUUID(), packageId: PACKAGE }));
    expect(refetched('package')).toBe(1);
    expect(refetched('incoming requests')).toBe(1);
    expect(refetched('other package')).toBe(0);
    expect(refetched('conversations')).toBe(0);
    expect(refetched('my profile')).toBe(0);
  });
});
