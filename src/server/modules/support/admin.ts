import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { listTotal } from '#server/db/counts.ts';
import { afterTimeCursor, decodeTimeCursor, encodeCursor, exactTime } from '#server/db/cursors.ts';
import { user } from '#server/db/schema/auth.ts';
import { supportMessage, supportTicket } from '#server/db/schema/support.ts';
import type { Transaction } from '#server/db/transaction.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { AppError } from '#shared/errors.ts';
import type {
  AdminTicket,
  AdminTicketAssign,
  AdminTicketListQuery,
  AdminTicketPage,
  AdminTicketReply,
  AdminTicketRow,
  SupportTopic,
} from '#shared/support.ts';
import { memberContact, type SupportDeps } from './contact.ts';
import { supportAnswerEmail } from './emails.ts';
import { lockTicket, messagesOf, type TicketRow, toSummary } from './read.ts';

// The back office's support queue (docs/product.md §13): waiting tickets longest-waiting first,
// assigning, answering (the author hears by notification and e-mail) and closing, each audited.

const writer = alias(user, 'writer');
const assignee = alias(user, 'assignee');
const firstMessage = sql<string>`(select m.body from support_message m where m.ticket_id = ${supportTicket.id} order by m.created_at, m.id limit 1)`;

const person = (p: { id: string | null; name: string | null; email: string | null } | null) =>
  p?.id && p.name !== null && p.email !== null ? { id: p.id, name: p.name, email: p.email } : null;

const rowSelection = {
  row: supportTicket,
  first: firstMessage,
  exactAt: exactTime(supportTicket.lastMessageAt),
  writer: { id: writer.id, name: writer.name, email: writer.email },
  assignee: { id: assignee.id, name: assignee.name, email: assignee.email },
};

function toRow(r: {
  row: TicketRow;
  first: string | null;
  writer: { id: string | null; name: string | null; email: string | null } | null;
  assignee: { id: string | null; name: string | null; email: string | null } | null;
}): AdminTicketRow {
  return {
    ...toSummary(r.row, r.first ?? ''),
    email: r.row.email,
    name: r.row.name,
    member: person(r.writer),
    assignee: person(r.assignee),
  };
}

export async function listTickets(
  deps: Pick<SupportDeps, 'db'>,
  me: string,
  query: AdminTicketListQuery,
): Promise<AdminTicketPage> {
  const { db } = deps;
  const conditions: SQL[] = [];
  if (query.status !== 'all') conditions.push(eq(supportTicket.status, query.status));
  if (query.assignee === 'me') conditions.push(eq(supportTicket.assigneeId, me));
  else if (query.assignee === 'none') conditions.push(isNull(supportTicket.assigneeId));
  else if (query.assignee) conditions.push(eq(supportTicket.assigneeId, query.assignee));
  const total = await listTotal(
    db,
    db
      .select({ id: supportTicket.id })
      .from(supportTicket)
      .where(and(...conditions))
      .$dynamic(),
  );
  // Waiting tickets: whoever has waited longest comes first. Any other view: the latest activity first.
  const direction = query.status === 'open' ? 'asc' : 'desc';
  if (query.cursor) {
    conditions.push(
      afterTimeCursor(supportTicket.lastMessageAt, supportTicket.id, decodeTimeCursor(query.cursor), direction),
    );
  }
  const order = direction === 'asc' ? asc : desc;
  const rows = await db
    .select(rowSelection)
    .from(supportTicket)
    .leftJoin(writer, eq(writer.id, supportTicket.userId))
    .leftJoin(assignee, eq(assignee.id, supportTicket.assigneeId))
    .where(and(...conditions))
    .orderBy(order(supportTicket.lastMessageAt), order(supportTicket.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.exactAt, last.row.id]) : null,
    total,
  };
}

export async function getTicket(deps: Pick<SupportDeps, 'db'>, id: string): Promise<AdminTicket> {
  const [found] = await deps.db
    .select(rowSelection)
    .from(supportTicket)
    .leftJoin(writer, eq(writer.id, supportTicket.userId))
    .leftJoin(assignee, eq(assignee.id, supportTicket.assigneeId))
    .where(eq(supportTicket.id, id));
  if (!found) throw new AppError('TICKET_NOT_FOUND');
  return {
    ...toRow(found),
    messages: await messagesOf(deps.db, id),
    closedAt: found.row.closedAt?.toISOString() ?? null,
  };
}

async function lockOrThrow(tx: Transaction, id: string): Promise<TicketRow> {
  const ticket = await lockTicket(tx, id);
  if (!ticket) throw new AppError('TICKET_NOT_FOUND');
  return ticket;
}

async function isAdmin(tx: Transaction, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        eq(user.id, userId),
        sql`'admin' = any(string_to_array(${user.role}, ','))`,
        eq(user.banned, false),
        isNull(user.deletedAt),
      ),
    );
  return Boolean(row);
}

/** Gives the ticket to an administrator, or to nobody; the same holder again changes nothing. */
export async function assignTicket(
  deps: SupportDeps,
  adminId: string,
  id: string,
  input: AdminTicketAssign,
): Promise<AdminTicket> {
  await deps.db.transaction(async (tx) => {
    const ticket = await lockOrThrow(tx, id);
    if (ticket.assigneeId === input.assigneeId) return;
    if (input.assigneeId && !(await isAdmin(tx, input.assigneeId))) throw new AppError('TICKET_ASSIGNEE_NOT_ADMIN');
    await tx.update(supportTicket).set({ assigneeId: input.assigneeId }).where(eq(supportTicket.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'support.assign',
      subject: { type: 'support_ticket', id },
      before: { assigneeId: ticket.assigneeId },
      after: { assigneeId: input.assigneeId },
    });
  });
  return getTicket(deps, id);
}

/**
 * Answers the ticket: it waits on its author now (`answered`), or is closed when asked. An unassigned
 * ticket becomes the answering administrator's. The author hears in the app (a member) and always by
 * e-mail, after the commit.
 */
export async function replyToTicket(
  deps: SupportDeps,
  adminId: string,
  id: string,
  input: AdminTicketReply,
): Promise<AdminTicket> {
  const ticket = await deps.notifier.transaction(deps.db, async (tx, notify) => {
    const before = await lockOrThrow(tx, id);
    const now = new Date();
    const [message] = await tx
      .insert(supportMessage)
      .values({ ticketId: id, fromTeam: true, authorId: adminId, body: input.message, createdAt: now })
      .returning({ id: supportMessage.id });
    const status = input.close ? 'closed' : 'answered';
    const [after] = await tx
      .update(supportTicket)
      .set({
        status,
        lastMessageAt: now,
        closedAt: input.close ? now : null,
        assigneeId: before.assigneeId ?? adminId,
      })
      .where(eq(supportTicket.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: 'support.reply',
      subject: { type: 'support_ticket', id },
      before: { status: before.status, assigneeId: before.assigneeId },
      after: { status, assigneeId: after?.assigneeId ?? null },
      data: { messageId: message?.id ?? null, number: before.number },
    });
    if (before.userId) {
      await notify({
        userId: before.userId,
        type: 'support_reply',
        title: `Our team answered your message #${before.number}`,
        body: input.message.length > 200 ? `${input.message.slice(0, 199)}…` : input.message,
        link: `/user/help-center/${id}`,
        data: { ticketId: id, number: before.number },
        emailCopy: false,
      });
    }
    return after as TicketRow;
  });

  const to = ticket.userId ? await memberContact(deps.db, ticket.userId) : { email: ticket.email, name: ticket.name };
  if (to) {
    try {
      await deps.mailer.send(
        supportAnswerEmail(
          to,
          { id, number: ticket.number, topic: ticket.topic as SupportTopic, member: ticket.userId !== null },
          input.message,
          deps.baseUrl,
        ),
      );
    } catch (err) {
      deps.log.error({ err, ticketId: id }, 'support answer e-mail failed');
    }
  }
  return getTicket(deps, id);
}

/** Closes the ticket; closing a closed one changes nothing and writes nothing. */
export async function closeTicket(deps: SupportDeps, adminId: string, id: string): Promise<AdminTicket> {
  await deps.db.transaction(async (tx) => {
    const ticket = await lockOrThrow(tx, id);
    if (ticket.status === 'closed') return;
    await tx.update(supportTicket).set({ status: 'closed', closedAt: new Date() }).where(eq(supportTicket.id, id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'support.close',
      subject: { type: 'support_ticket', id },
      before: { status: ticket.status },
      after: { status: 'closed' },
    });
  });
  return getTicket(deps, id);
}
