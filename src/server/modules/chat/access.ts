import { eq, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { conversations } from '#server/db/schema/requests.ts';
import { AppError } from '#shared/errors.ts';
import { otherOf } from './mapping.ts';

type Pair = { userA: string; userB: string };

export interface Participation extends Pair {
  conversationId: string;
  /** The participant who is not me. */
  otherId: string;
}

async function loadPair(db: Database, conversationId: string): Promise<Pair | null> {
  const [row] = await db
    .select({ userA: conversations.userA, userB: conversations.userB })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

function check(conversationId: string, pair: Pair | null, me: string): Participation {
  if (!pair) throw new AppError('CONVERSATION_NOT_FOUND');
  if (pair.userA !== me && pair.userB !== me) throw new AppError('CONVERSATION_NOT_YOURS');
  return { conversationId, userA: pair.userA, userB: pair.userB, otherId: otherOf(pair, me) };
}

/**
 * The conversation if I am one of its two members: 404 when it does not exist, 403 when it is not
 * mine (only participants read or write; an outsider learns nothing else).
 */
export async function participation(db: Database, conversationId: string, me: string): Promise<Participation> {
  return check(conversationId, await loadPair(db, conversationId), me);
}

/** Everyone who shares a conversation with the member: who hears of their presence. */
export async function partnersOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ userA: conversations.userA, userB: conversations.userB })
    .from(conversations)
    .where(or(eq(conversations.userA, userId), eq(conversations.userB, userId)));
  return [...new Set(rows.map((row) => otherOf(row, userId)))];
}

/** Answers whether `me` takes part in a conversation, as `participation` does. */
export type Access = (conversationId: string, me: string) => Promise<Participation>;

/**
 * Participants never change once a conversation exists (none is ever deleted), so the frequent
 * paths (sending, typing) check them against this bounded cache instead of asking the database.
 */
export function createParticipantCache(db: Database, max = 10_000): Access {
  const known = new Map<string, Pair>();
  return async (conversationId: string, me: string): Promise<Participation> => {
    let pair = known.get(conversationId) ?? null;
    if (!pair) {
      pair = await loadPair(db, conversationId);
      if (pair) {
        if (known.size >= max) known.delete(known.keys().next().value as string);
        known.set(conversationId, pair);
      }
    }
    return check(conversationId, pair, me);
  };
}
