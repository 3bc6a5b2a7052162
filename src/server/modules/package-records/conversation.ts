import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { conversations, messages } from '#server/db/schema/requests.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { orderedPair } from '#server/modules/chat/public.ts';
import type { AdminConversationPage, AdminConversationQuery } from '#shared/admin-packages.ts';
import { AppError } from '#shared/errors.ts';

/**
 * The sender's and the traveler's conversation, read-only, oldest first, a page at a time. Private
 * words: every page read is written to the audit log (`conversation.read`) in the transaction that
 * reads it, so no read happens without its row (docs/product.md §8). A package without a traveler, or
 * a pair that never talked, has no conversation (404).
 */
export async function readPackageConversation(
  db: Database,
  adminId: string,
  packageId: string,
  query: AdminConversationQuery,
): Promise<AdminConversationPage> {
  return db.transaction(async (tx) => {
    const [pkg] = await tx
      .select({ senderId: packages.senderId, travelerId: packages.travelerId })
      .from(packages)
      .where(eq(packages.id, packageId));
    if (!pkg) throw new AppError('PACKAGE_NOT_FOUND');
    if (!pkg.travelerId) throw new AppError('CONVERSATION_NOT_FOUND');
    const { userA, userB } = orderedPair(pkg.senderId, pkg.travelerId);
    const [conversation] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)));
    if (!conversation) throw new AppError('CONVERSATION_NOT_FOUND');

    const conditions = [eq(messages.conversationId, conversation.id)];
    if (query.cursor) {
      conditions.push(afterTimeCursor(messages.createdAt, messages.id, decodeTimeCursor(query.cursor), 'asc'));
    }
    const rows = await tx
      .select({ message: messages, exactCreatedAt: exactTime(messages.createdAt) })
      .from(messages)
      .where(and(...conditions))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const people = await tx
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(inArray(user.id, [pkg.senderId, pkg.travelerId]));
    const participants = [pkg.senderId, pkg.travelerId].map(
      (id) => people.find((p) => p.id === id) ?? { id, name: 'Deleted member' },
    );

    await recordAudit(tx, {
      actorId: adminId,
      action: 'conversation.read',
      subject: { type: 'conversation', id: conversation.id },
      data: { packageId, cursor: query.cursor ?? null, messages: page.length },
    });
    return {
      conversationId: conversation.id,
      participants,
      items: page.map(({ message }) => ({
        id: message.id,
        conversationId: message.conversationId,
        senderId: message.senderId,
        content: message.content,
        createdAt: message.createdAt.toISOString(),
        readAt: message.readAt?.toISOString() ?? null,
      })),
      nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactCreatedAt, last.message.id]) : null,
    };
  });
}
