import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { conversations, messages } from '#server/db/schema/requests.ts';
import type { Presence } from '#server/realtime/presence.ts';
import {
  CHAT_LIMITS,
  type ChatMessage,
  type Conversation,
  type ConversationList,
  type MarkConversationRead,
  type MessagePage,
  type TotalUnread,
} from '#shared/chat.ts';
import { AppError } from '#shared/errors.ts';
import { type Access, participation } from './access.ts';
import { toChatMessage } from './mapping.ts';
import type { ChatPush } from './push.ts';

const mine = (me: string) => or(eq(conversations.userA, me), eq(conversations.userB, me));
const otherSide = (me: string) =>
  sql<string>`case when ${conversations.userA} = ${me} then ${conversations.userB} else ${conversations.userA} end`;

/**
 * My conversations, the latest message first: each with the other participant (and whether they
 * are online on any node), its last message and how many of theirs I have not read.
 */
export async function listConversations(
  db: Database,
  presence: Presence,
  me: string,
  only?: string,
): Promise<ConversationList> {
  const rows = await db
    .select({
      id: conversations.id,
      createdAt: conversations.createdAt,
      packageId: conversations.packageId,
      packageTitle: packages.title,
      otherId: user.id,
      otherName: user.name,
      otherImage: user.image,
    })
    .from(conversations)
    .innerJoin(user, eq(user.id, otherSide(me)))
    .leftJoin(packages, eq(packages.id, conversations.packageId))
    .where(only ? and(mine(me), eq(conversations.id, only)) : mine(me))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.createdAt), asc(conversations.id));
  if (rows.length === 0) return { items: [] };
  const ids = rows.map((r) => r.id);

  const last = await db
    .selectDistinctOn([messages.conversationId])
    .from(messages)
    .where(inArray(messages.conversationId, ids))
    .orderBy(messages.conversationId, desc(messages.createdAt), desc(messages.id));
  const lastOf = new Map(last.map((m) => [m.conversationId, toChatMessage(m)]));

  const unread = await db
    .select({ conversationId: messages.conversationId, n: count() })
    .from(messages)
    .where(and(inArray(messages.conversationId, ids), ne(messages.senderId, me), isNull(messages.readAt)))
    .groupBy(messages.conversationId);
  const unreadOf = new Map(unread.map((u) => [u.conversationId, Number(u.n)]));

  const online = await presence.online([...new Set(rows.map((r) => r.otherId))]);

  return {
    items: rows.map(
      (r): Conversation => ({
        id: r.id,
        recipient: {
          id: r.otherId,
          uid: r.otherId,
          name: r.otherName,
          image: r.otherImage,
          online: online.has(r.otherId),
        },
        package: r.packageId ? { id: r.packageId, title: r.packageTitle ?? '' } : null,
        lastMessage: lastOf.get(r.id) ?? null,
        unreadCount: unreadOf.get(r.id) ?? 0,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
  };
}

/** One conversation as its participant `me` sees it in the list. */
export async function getConversation(db: Database, presence: Presence, me: string, id: string): Promise<Conversation> {
  const [item] = (await listConversations(db, presence, me, id)).items;
  if (!item) throw new AppError('CONVERSATION_NOT_FOUND');
  return item;
}

/** A page of messages, newest first, before the message `before` (keyset on created_at, id). */
export async function listMessages(
  db: Database,
  me: string,
  conversationId: string,
  before: string | undefined,
): Promise<MessagePage> {
  await participation(db, conversationId, me);
  let older = sql`true`;
  if (before) {
    const [anchor] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, before), eq(messages.conversationId, conversationId)));
    if (!anchor) throw new AppError('VALIDATION_FAILED', { fields: { before: ['Unknown message'] } });
    // Compared in SQL: the stored timestamps have microseconds a JavaScript Date would drop.
    older = sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from message m where m.id = ${before})`;
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), older))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(CHAT_LIMITS.pageSize + 1);
  const page = rows.slice(0, CHAT_LIMITS.pageSize);
  return {
    items: page.map(toChatMessage),
    nextBefore: rows.length > CHAT_LIMITS.pageSize ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Stores the message, then pushes it to both participants' rooms on every node. */
export async function sendMessage(
  db: Database,
  push: ChatPush,
  access: Access,
  me: string,
  conversationId: string,
  content: string,
): Promise<ChatMessage> {
  const { userA, userB } = await access(conversationId, me);
  // One statement (atomic on its own): the message and the conversation's last_message_at together,
  // in one round trip, since this is the hottest write of the product.
  const inserted = db
    .$with('inserted')
    .as(db.insert(messages).values({ conversationId, senderId: me, content }).returning());
  const [row] = await db
    .with(inserted)
    .update(conversations)
    .set({ lastMessageAt: sql`${inserted.createdAt}` })
    .from(inserted)
    .where(eq(conversations.id, inserted.conversationId))
    .returning({
      id: inserted.id,
      conversationId: inserted.conversationId,
      senderId: inserted.senderId,
      content: inserted.content,
      createdAt: inserted.createdAt,
      readAt: inserted.readAt,
    });
  if (!row) throw new Error('insert returned no message');
  const message = toChatMessage(row);
  push.message(message, [userA, userB]);
  return message;
}

/**
 * Marks the other participant's unread messages read and sends the read receipt to both rooms
 * (their ticks, my other tabs' counts). Nothing to mark sends nothing.
 */
export async function markConversationRead(
  db: Database,
  push: ChatPush,
  me: string,
  conversationId: string,
): Promise<MarkConversationRead> {
  const { userA, userB } = await participation(db, conversationId, me);
  const readAt = new Date();
  const marked = await db
    .update(messages)
    .set({ readAt })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, me), isNull(messages.readAt)))
    .returning({ id: messages.id });
  const receipt = { conversationId, readerId: me, readAt: readAt.toISOString() };
  if (marked.length > 0) push.read(receipt, [userA, userB]);
  return { conversationId, marked: marked.length, readAt: receipt.readAt };
}

/** Messages sent to me, in all my conversations, that I have not read. */
export async function totalUnread(db: Database, me: string): Promise<TotalUnread> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(mine(me), ne(messages.senderId, me), isNull(messages.readAt)));
  return { count: Number(row?.n ?? 0) };
}
