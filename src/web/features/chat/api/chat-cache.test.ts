import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation, ConversationList } from '#shared/chat.ts';
import {
  lowered,
  type MessagePages,
  withLastMessage,
  withMessageFirst,
  withOnline,
  withReceiptInList,
  withReceiptInMessages,
} from './chat-cache.ts';

const ME = 'me';
const TESS = 'tess';
const BOB = 'bob';

let n = 0;
function message(over: Partial<ChatMessage> = {}): ChatMessage {
  n += 1;
  return {
    id: `m${n}`,
    conversationId: 'c1',
    senderId: TESS,
    content: `hello ${n}`,
    createdAt: new Date(Date.UTC(2026, 4, 1, 12, 0, n)).toISOString(),
    readAt: null,
    ...over,
  };
}

function conversation(id: string, uid: string, over: Partial<Conversation> = {}): Conversation {
  return {
    id,
    recipient: { id: uid, uid, name: uid, image: null, online: false },
    package: null,
    lastMessage: null,
    unreadCount: 0,
    createdAt: '2026-05-01T00:00:00.000Z',
    ...over,
  };
}

const pages = (...items: ChatMessage[][]): MessagePages => ({
  pages: items.map((page, i) => ({ items: page, nextBefore: i < items.length - 1 ? 'x' : null })),
  pageParams: items.map((_, i) => (i === 0 ? null : 'x')),
});

describe('withMessageFirst (a new message goes to the front)', () => {
  it('puts it first in the newest page and leaves older pages alone', () => {
    const older = [message(), message()];
    const newer = [message(), message()].reverse();
    const incoming = message();
    const next = withMessageFirst(pages(newer, older), incoming);
    expect(next?.pages[0]?.items.map((m) => m.id)).toEqual([incoming.id, ...newer.map((m) => m.id)]);
    expect(next?.pages[1]?.items).toBe(older);
  });

  it('never adds the same message twice (my POST answer and the push of it)', () => {
    const mine = message({ senderId: ME });
    const once = withMessageFirst(pages([message()]), mine);
    expect(withMessageFirst(once, mine)).toBe(once);
  });

  it('leaves a conversation that was never loaded unloaded', () => {
    expect(withMessageFirst(undefined, message())).toBeUndefined();
  });
});

describe('withLastMessage (the lastMessage is replaced)', () => {
  const list = (): ConversationList => ({
    items: [
      conversation('c2', BOB, { lastMessage: message({ conversationId: 'c2', senderId: BOB }) }),
      conversation('c1', TESS),
    ],
  });

  it("replaces it, moves the conversation to the top and counts the other side's message as unread", () => {
    const incoming = message();
    const { list: next, found } = withLastMessage(list(), incoming, ME);
    expect(found).toBe(true);
    expect(next?.items.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(next?.items[0]).toMatchObject({ lastMessage: incoming, unreadCount: 1 });
  });

  it('does not count my own message as unread', () => {
    const mine = message({ senderId: ME });
    expect(withLastMessage(list(), mine, ME).list?.items[0]).toMatchObject({ lastMessage: mine, unreadCount: 0 });
  });

  it('counts a replayed push once, and never lets an older one replace a newer', () => {
    const incoming = message();
    const once = withLastMessage(list(), incoming, ME).list;
    expect(withLastMessage(once, incoming, ME).list).toBe(once);
    const stale = { ...message(), createdAt: '2020-01-01T00:00:00.000Z' };
    expect(withLastMessage(once, stale, ME).list).toBe(once);
  });

  it('says when the conversation is not in the list (a new one: refetch)', () => {
    expect(withLastMessage(list(), message({ conversationId: 'c9' }), ME).found).toBe(false);
  });
});

describe('read receipts', () => {
  it('gives my messages up to the read time their second tick when the other side read', () => {
    const mineBefore = message({ senderId: ME });
    const theirs = message();
    const mineAfter = message({ senderId: ME });
    const readAt = new Date(new Date(theirs.createdAt).getTime() + 500).toISOString();
    const next = withReceiptInMessages(
      pages([mineAfter, theirs, mineBefore]),
      { conversationId: 'c1', readerId: TESS, readAt },
      ME,
    );
    const byId = new Map(next?.pages[0]?.items.map((m) => [m.id, m.readAt]));
    expect(byId.get(mineBefore.id)).toBe(readAt);
    expect(byId.get(theirs.id)).toBeNull();
    expect(byId.get(mineAfter.id)).toBeNull();
  });

  it('zeroes my unread count when I read (in this tab or another)', () => {
    const last = message();
    const list = { items: [conversation('c1', TESS, { lastMessage: last, unreadCount: 3 })] };
    const next = withReceiptInList(
      list,
      { conversationId: 'c1', readerId: ME, readAt: '2026-06-01T00:00:00.000Z' },
      ME,
    );
    expect(next?.items[0]).toMatchObject({
      unreadCount: 0,
      lastMessage: { id: last.id, readAt: '2026-06-01T00:00:00.000Z' },
    });
  });
});

describe('presence and counts', () => {
  it('sets the online flag on the conversation whose recipient matches the uid (the user_status event)', () => {
    const list = { items: [conversation('c1', TESS), conversation('c2', BOB)] };
    const next = withOnline(list, { uid: TESS, online: true });
    expect(next?.items.map((c) => c.recipient.online)).toEqual([true, false]);
    expect(withOnline(next, { uid: TESS, online: false })?.items[0]?.recipient.online).toBe(false);
  });

  it('never lowers the unread count below zero', () => {
    expect(lowered({ count: 2 }, 1)).toEqual({ count: 1 });
    expect(lowered({ count: 1 }, 5)).toEqual({ count: 0 });
    expect(lowered(undefined, 1)).toBeUndefined();
  });
});
