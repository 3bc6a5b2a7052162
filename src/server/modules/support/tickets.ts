import { and, desc, eq, sql } from 'drizzle-orm';
import { supportMessage, supportTicket } from '#server/db/schema/support.ts';
import { adminIds } from '#server/modules/notifications/public.ts';
import { AppError } from '#shared/errors.ts';
import { type MyTickets, SUPPORT_LIMITS, type Ticket, type TicketReply } from '#shared/support.ts';
import type { SupportDeps } from './contact.ts';
import { lockTicket, messagesOf, previewOf, type TicketRow, toSummary } from './read.ts';

// A member's own tickets in the help center: the list, one conversation, and writing again.

const firstMessage = sql<string>`(select m.body from support_message m where m.ticket_id = ${supportTicket.id} order by m.created_at, m.id limit 1)`;

export async function listMyTickets(deps: Pick<SupportDeps, 'db'>, me: string): Promise<MyTickets> {
  const rows = await deps.db
    .select({ row: supportTicket, first: firstMessage })
    .from(supportTicket)
    .where(eq(supportTicket.userId, me))
    .orderBy(desc(supportTicket.lastMessageAt), desc(supportTicket.id))
    .limit(SUPPORT_LIMITS.mineMax);
  return { items: rows.map(({ row, first }) => toSummary(row, first ?? '')) };
}

async function toTicket(deps: Pick<SupportDeps, 'db'>, row: TicketRow): Promise<Ticket> {
  const messages = await messagesOf(deps.db, row.id);
  return { ...toSummary(row, messages[0]?.body ?? ''), messages, closedAt: row.closedAt?.toISOString() ?? null };
}

/** One of mine; another's is 404, as if it did not exist. */
export async function getMyTicket(deps: Pick<SupportDeps, 'db'>, me: string, id: string): Promise<Ticket> {
  const [row] = await deps.db
    .select()
    .from(supportTicket)
    .where(and(eq(supportTicket.id, id), eq(supportTicket.userId, me)));
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return toTicket(deps, row);
}

/**
 * Writing again puts the ticket back in the queue (`open`), closed or not, and tells whoever holds it
 * — or every administrator when nobody does.
 */
export async function replyToMyTicket(deps: SupportDeps, me: string, id: string, input: TicketReply): Promise<Ticket> {
  const row = await deps.notifier.transaction(deps.db, async (tx, notify) => {
    const ticket = await lockTicket(tx, id);
    if (!ticket || ticket.userId !== me) throw new AppError('TICKET_NOT_FOUND');
    const now = new Date();
    await tx
      .insert(supportMessage)
      .values({ ticketId: id, fromTeam: false, authorId: me, body: input.message, createdAt: now });
    const [updated] = await tx
      .update(supportTicket)
      .set({ status: 'open', lastMessageAt: now, closedAt: null })
      .where(eq(supportTicket.id, id))
      .returning();
    await notify({
      userIds: ticket.assigneeId ? [ticket.assigneeId] : await adminIds(tx),
      type: 'support_ticket',
      title: `New message on ticket #${ticket.number}`,
      body: `${ticket.name ?? ticket.email}: ${previewOf(input.message)}`,
      link: `/admin/support/${id}`,
      data: { ticketId: id, number: ticket.number },
      emailCopy: false,
    });
    return updated as TicketRow;
  });
  return toTicket(deps, row);
}
