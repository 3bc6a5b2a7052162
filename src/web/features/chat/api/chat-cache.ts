import type { InfiniteData } from '@tanstack/react-query';
import type {
  ChatMessage,
  ConversationList,
  MessagePage,
  MessagesRead,
  TotalUnread,
  UserStatus,
} from '#shared/chat.ts';

// Pure updates of the cached chat state (the "chat state": conversations, the loaded
// messages newest first, the unread count), so live events and this tab's own actions change it
// the same way, and the tests pin these rules down without a browser.

/** Loaded messages, newest first: page 0 holds the newest; "Load older" appends pages at the end. */
export type MessagePages = InfiniteData<MessagePage, string | null>;

export function hasMessage(data: MessagePages | undefined, id: string): boolean {
  return data?.pages.some((page) => page.items.some((m) => m.id === id)) ?? false;
}

/** A new message (incoming from the open party, or my own) goes to the front. Never twice. */
export function withMessageFirst(data: MessagePages | undefined, message: ChatMessage): MessagePages | undefined {
  if (!data || hasMessage(data, message.id)) return data;
  const [first, ...rest] = data.pages;
  if (!first) return { ...data, pages: [{ items: [message], nextBefore: null }], pageParams: [null] };
  return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
}

const at = (iso: string) => new Date(iso).getTime();

/**
 * The conversation's lastMessage is replaced by the new message (unless what it holds is
 * newer, as when an old push is replayed), and the conversation moves to the top, since the list is
 * the latest message first. A message from the other side I have not counted yet raises its unread
 * count. `found` is false when the conversation is not in the list (a new one: refetch the list).
 */
export function withLastMessage(
  list: ConversationList | undefined,
  message: ChatMessage,
  me: string,
): { list: ConversationList | undefined; found: boolean } {
  if (!list) return { list, found: false };
  const index = list.items.findIndex((c) => c.id === message.conversationId);
  const conversation = list.items[index];
  if (!conversation) return { list, found: false };
  const last = conversation.lastMessage;
  if (last && (last.id === message.id || at(last.createdAt) > at(message.createdAt))) return { list, found: true };
  const updated = {
    ...conversation,
    lastMessage: message,
    unreadCount: conversation.unreadCount + (message.senderId !== me && message.readAt === null ? 1 : 0),
  };
  const rest = list.items.filter((_, i) => i !== index);
  return { list: { ...list, items: [updated, ...rest] }, found: true };
}

/**
 * A read receipt. When the other side read (`readerId` is not me), my messages up to `readAt` get
 * their second tick; when I read (here or in another tab), theirs are read and my count is zero.
 */
export function withReceiptInMessages(data: MessagePages | undefined, receipt: MessagesRead, me: string) {
  if (!data) return data;
  const readByOther = receipt.readerId !== me;
  const until = at(receipt.readAt);
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.map((m) => {
      const mine = m.senderId === me;
      const affected = readByOther ? mine : !mine;
      if (m.readAt !== null || !affected || at(m.createdAt) > until) return m;
      changed = true;
      return { ...m, readAt: receipt.readAt };
    }),
  }));
  return changed ? { ...data, pages } : data;
}

export function withReceiptInList(list: ConversationList | undefined, receipt: MessagesRead, me: string) {
  if (!list) return list;
  return {
    ...list,
    items: list.items.map((c) => {
      if (c.id !== receipt.conversationId) return c;
      if (receipt.readerId === me) {
        const last = c.lastMessage;
        const lastRead =
          last && last.senderId !== me && last.readAt === null ? { ...last, readAt: receipt.readAt } : last;
        return { ...c, unreadCount: 0, lastMessage: lastRead };
      }
      const last = c.lastMessage;
      if (!last || last.senderId !== me || last.readAt !== null || at(last.createdAt) > at(receipt.readAt)) return c;
      return { ...c, lastMessage: { ...last, readAt: receipt.readAt } };
    }),
  };
}

/** `user_status` sets the online flag on the conversation whose recipient matches uid. */
export function withOnline(list: ConversationList | undefined, status: UserStatus) {
  if (!list) return list;
  return {
    ...list,
    items: list.items.map((c) =>
      c.recipient.uid === status.uid && c.recipient.online !== status.online
        ? { ...c, recipient: { ...c.recipient, online: status.online } }
        : c,
    ),
  };
}

/** Decreasing the unread count never goes below zero. */
export function lowered(total: TotalUnread | undefined, by: number): TotalUnread | undefined {
  return total ? { count: Math.max(0, total.count - by) } : total;
}
