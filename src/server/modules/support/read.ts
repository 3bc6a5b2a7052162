import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { supportMessage, supportTicket } from '#server/db/schema/support.ts';
import type { Transaction } from '#server/db/transaction.ts';
import type { SupportTopic, TicketMessage, TicketStatus, TicketSummary } from '#shared/support.ts';

// How tickets read back: the same summary for the author's list and the back office's queue.

export type TicketRow = typeof supportTicket.$inferSelect;
type Reader = Database | Transaction;

const PREVIEW_CHARS = 140;

export const previewOf = (body: string) =>
  body.length > PREVIEW_CHARS ? `${body.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : body;

export function toSummary(row: TicketRow, firstMessage: string): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    topic: row.topic as SupportTopic,
    status: row.status as TicketStatus,
    preview: previewOf(firstMessage),
    packageId: row.packageId,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

const author = alias(user, 'author');

/** A ticket's messages, oldest first, with who wrote each. */
export async function messagesOf(db: Reader, ticketId: string): Promise<TicketMessage[]> {
  const rows = await db
    .select({ message: supportMessage, authorName: author.name })
    .from(supportMessage)
    .leftJoin(author, eq(author.id, supportMessage.authorId))
    .where(eq(supportMessage.ticketId, ticketId))
    .orderBy(asc(supportMessage.createdAt), asc(supportMessage.id));
  return rows.map(({ message, authorName }) => ({
    id: message.id,
    from: message.fromTeam ? 'team' : 'member',
    // The team signs with a first name only: members need to know a person answered, not who in full.
    authorName: message.fromTeam ? (authorName?.split(/\s+/)[0] ?? null) : authorName,
    body: message.body,
    createdAt: message.createdAt.toISOString(),
  }));
}

/** The row locked for a change (concurrent answers and closings are applied one after the other). */
export async function lockTicket(tx: Transaction, id: string): Promise<TicketRow | undefined> {
  const [row] = await tx.select().from(supportTicket).where(eq(supportTicket.id, id)).for('update');
  return row;
}
