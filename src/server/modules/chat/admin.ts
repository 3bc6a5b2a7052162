import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { conversations } from '#server/db/schema/requests.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { AppError } from '#shared/errors.ts';
import { orderedPair } from './mapping.ts';

/**
 * An administrator opens a conversation with any member (docs/product.md §7), the only way besides an
 * accepted request. A pair has one conversation: asking again (or for a member the admin already
 * shares one with through a request) returns it. Each opening is in the audit log.
 */
export async function openConversationAsAdmin(
  db: Database,
  adminId: string,
  userId: string,
): Promise<{ id: string; created: boolean }> {
  if (adminId === userId)
    throw new AppError('VALIDATION_FAILED', { fields: { userId: ['You cannot message yourself'] } });
  const pair = orderedPair(adminId, userId);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, userId), isNull(user.deletedAt)));
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    // The unique pair settles two clicks at once: the second inserts nothing and reads the first's.
    const [row] = await tx
      .insert(conversations)
      .values({ ...pair, packageId: null, openedBy: adminId })
      .onConflictDoNothing({ target: [conversations.userA, conversations.userB] })
      .returning({ id: conversations.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.userA, pair.userA), eq(conversations.userB, pair.userB)));
      if (!existing) throw new Error('conversation conflict without a conversation');
      return { id: existing.id, created: false };
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'conversation.open',
      subject: { type: 'user', id: userId },
      data: { conversationId: row.id },
    });
    return { id: row.id, created: true };
  });
}
