import type { QueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  ConversationList,
  MarkConversationRead,
  MessagesRead,
  TotalUnread,
  UserStatus,
} from '#shared/chat.ts';
import { chatKeys } from '#web/api/chat.ts';
import {
  lowered,
  type MessagePages,
  withLastMessage,
  withMessageFirst,
  withOnline,
  withReceiptInList,
  withReceiptInMessages,
} from './chat-cache.ts';
import { getOpenConversation } from './open-conversation.ts';

/** The conversation's lastMessage is replaced; a conversation this tab does not know yet refetches the list. */
function replaceLastMessage(client: QueryClient, me: string, message: ChatMessage) {
  const key = chatKeys.conversations(me);
  const { list, found } = withLastMessage(client.getQueryData<ConversationList>(key), message, me);
  if (found) client.setQueryData(key, list);
  else void client.invalidateQueries({ queryKey: key });
}

/**
 * An incoming `message`: if its sender is the party currently open (in that very
 * conversation, the pair's one), it goes to the front of the visible messages;
 * the conversation's lastMessage is replaced; then the total unread is refetched. My own message
 * pushed back (sent from this tab or another) is handled as my sent message.
 */
export function receiveMessage(client: QueryClient, me: string, message: ChatMessage) {
  if (message.senderId === me) {
    addSentMessage(client, me, message);
    return;
  }
  const open = getOpenConversation();
  const messagesKey = chatKeys.messages(me, message.conversationId);
  if (open && open.conversationId === message.conversationId && open.partyId === message.senderId) {
    client.setQueryData<MessagePages>(messagesKey, (data) => withMessageFirst(data, message));
  } else {
    // Loaded earlier but not on screen: read afresh when opened again.
    void client.invalidateQueries({ queryKey: messagesKey, refetchType: 'none' });
  }
  replaceLastMessage(client, me, message);
  void client.invalidateQueries({ queryKey: chatKeys.totalUnread(me) });
}

/** My own sent message: to the front of the visible messages, and its conversation's lastMessage. */
export function addSentMessage(client: QueryClient, me: string, message: ChatMessage) {
  client.setQueryData<MessagePages>(chatKeys.messages(me, message.conversationId), (data) =>
    withMessageFirst(data, message),
  );
  replaceLastMessage(client, me, message);
}

/**
 * `messages_read`: ticks turn to "read" when the other side read; my counts drop when I read (any
 * tab). The total comes down by the conversation's cached count as that count goes to zero, so the
 * receipt and this tab's own answer (whichever comes first) lower it once, together with the row.
 */
export function applyReceipt(client: QueryClient, me: string, receipt: MessagesRead) {
  client.setQueryData<MessagePages>(chatKeys.messages(me, receipt.conversationId), (data) =>
    withReceiptInMessages(data, receipt, me),
  );
  const listKey = chatKeys.conversations(me);
  if (receipt.readerId === me) {
    const row = client.getQueryData<ConversationList>(listKey)?.items.find((c) => c.id === receipt.conversationId);
    if (row) client.setQueryData<TotalUnread>(chatKeys.totalUnread(me), (total) => lowered(total, row.unreadCount));
  }
  client.setQueryData<ConversationList>(listKey, (list) => withReceiptInList(list, receipt, me));
  if (receipt.readerId === me) void client.invalidateQueries({ queryKey: chatKeys.totalUnread(me) });
}

/**
 * This tab marked a conversation read: its count is zero and the total comes down by as many (never
 * below zero). A conversation missing from the cached list has no count to go by: the answer's does.
 */
export function applyMarkedRead(client: QueryClient, me: string, read: MarkConversationRead) {
  const inList = client
    .getQueryData<ConversationList>(chatKeys.conversations(me))
    ?.items.some((c) => c.id === read.conversationId);
  if (!inList) client.setQueryData<TotalUnread>(chatKeys.totalUnread(me), (total) => lowered(total, read.marked));
  applyReceipt(client, me, { conversationId: read.conversationId, readerId: me, readAt: read.readAt });
}

export function applyUserStatus(client: QueryClient, me: string, status: UserStatus) {
  client.setQueryData<ConversationList>(chatKeys.conversations(me), (list) => withOnline(list, status));
}
