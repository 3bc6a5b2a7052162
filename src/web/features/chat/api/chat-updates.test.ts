import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationList, TotalUnread } from '#shared/chat.ts';
import { chatKeys } from '#web/api/chat.ts';
import { applyMarkedRead, applyReceipt } from './chat-updates.ts';

const ME = 'me';
const READ_AT = '2026-05-01T12:00:00.000Z';

function conversation(id: string, unreadCount: number): Conversation {
  return {
    id,
    recipient: { id: `u-${id}`, uid: `u-${id}`, name: id, image: null, online: false },
    package: null,
    lastMessage: null,
    unreadCount,
    createdAt: '2026-05-01T00:00:00.000Z',
  };
}

/** A cache holding two conversations (2 and 3 unread) and the total of 5; nothing refetches. */
function cacheWithCounts() {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const list: ConversationList = { items: [conversation('c1', 2), conversation('c2', 3)] } as ConversationList;
  client.setQueryData(chatKeys.conversations(ME), list);
  client.setQueryData<TotalUnread>(chatKeys.totalUnread(ME), { count: 5 });
  const total = () => client.getQueryData<TotalUnread>(chatKeys.totalUnread(ME))?.count;
  const row = (id: string) =>
    client.getQueryData<ConversationList>(chatKeys.conversations(ME))?.items.find((c) => c.id === id)?.unreadCount;
  return { client, total, row };
}

const myReceipt = { conversationId: 'c1', readerId: ME, readAt: READ_AT };
const myAnswer = { conversationId: 'c1', marked: 2, readAt: READ_AT };

describe('reading a conversation lowers the total once, with its row', () => {
  it('when the receipt comes before this tab’s answer', () => {
    const { client, total, row } = cacheWithCounts();
    applyReceipt(client, ME, myReceipt);
    expect([row('c1'), total()]).toEqual([0, 3]);
    applyMarkedRead(client, ME, myAnswer);
    expect([row('c1'), row('c2'), total()]).toEqual([0, 3, 3]);
  });

  it('when this tab’s answer comes before the receipt', () => {
    const { client, total, row } = cacheWithCounts();
    applyMarkedRead(client, ME, myAnswer);
    expect([row('c1'), total()]).toEqual([0, 3]);
    applyReceipt(client, ME, myReceipt);
    expect([row('c1'), row('c2'), total()]).toEqual([0, 3, 3]);
  });

  it('goes by the answer’s count for a conversation the list does not hold yet', () => {
    const { client, total } = cacheWithCounts();
    applyMarkedRead(client, ME, { conversationId: 'c9', marked: 4, readAt: READ_AT });
    expect(total()).toBe(1);
  });

  it('leaves my total alone when the other side read', () => {
    const { client, total, row } = cacheWithCounts();
    applyReceipt(client, ME, { ...myReceipt, readerId: 'u-c1' });
    expect([row('c1'), total()]).toEqual([2, 5]);
  });
});
