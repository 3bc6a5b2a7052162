import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { notification } from '#server/db/schema/notifications.ts';
import { packages } from '#server/db/schema/packages.ts';
import { supportMessage, supportTicket } from '#server/db/schema/support.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { SupportTopic, TicketStatus } from '#shared/support.ts';

// Demo mode's support desk (docs/product.md §13): one ticket in each state, so the queue, the
// dashboard and the help center have something to show. Sam's question waits on the team; Tess's
// payout question has Alex's answer (and its notification, unread); a visitor's was answered by
// e-mail and closed. Written once, while the desk has no ticket at all.

const HOUR = 60 * 60 * 1000;

interface DemoTicket {
  writer: 'sender@tagalong.test' | 'traveler@tagalong.test' | { email: string; name: string };
  topic: SupportTopic;
  status: TicketStatus;
  packageTitle?: string;
  /** Hours before now, and who wrote. */
  messages: [hoursAgo: number, fromTeam: boolean, body: string][];
}

const tickets: DemoTicket[] = [
  {
    writer: { email: 'nora.visitor@example.test', name: 'Nora' },
    topic: 'other',
    status: 'closed',
    messages: [
      [5 * 24, false, 'Can I send a small parcel to my sister in Berlin without signing up?'],
      [
        5 * 24 - 3,
        true,
        'Hello Nora, you need an account to send a package, so travelers know who they carry for. Signing up takes two minutes, and the recipient needs no account.',
      ],
    ],
  },
  {
    writer: 'traveler@tagalong.test',
    topic: 'payment',
    status: 'answered',
    messages: [
      [26, false, 'I asked for a payout of my balance two days ago. How long does it usually take to arrive?'],
      [
        2,
        true,
        'Hi Tess, we send payouts within two working days of the request; your bank may take one more. Yours left this morning.',
      ],
    ],
  },
  {
    writer: 'sender@tagalong.test',
    topic: 'package',
    status: 'open',
    packageTitle: 'Belgian chocolates',
    messages: [[3, false, 'Tess is carrying my chocolates. Can I add a second small box to the same package?']],
  },
];

export async function seedDemoSupport(db: Database, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(supportTicket);
  if (Number(existing?.n ?? 0) > 0) return;
  const people = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(inArray(user.email, ['sender@tagalong.test', 'traveler@tagalong.test', 'admin@tagalong.test']));
  const admin = people.find((p) => p.email === 'admin@tagalong.test');
  if (!admin) return;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  await db.transaction(async (tx) => {
    for (const ticket of tickets) {
      const member = typeof ticket.writer === 'string' ? people.find((p) => p.email === ticket.writer) : null;
      if (typeof ticket.writer === 'string' && !member) continue;
      const contact = member ?? (ticket.writer as { email: string; name: string });
      const [pkg] = ticket.packageTitle
        ? await tx.select({ id: packages.id }).from(packages).where(eq(packages.title, ticket.packageTitle)).limit(1)
        : [];
      const first = ticket.messages[0]?.[0] ?? 0;
      const last = ticket.messages.at(-1)?.[0] ?? first;
      const answered = ticket.messages.some(([, fromTeam]) => fromTeam);
      const [row] = await tx
        .insert(supportTicket)
        .values({
          userId: member?.id ?? null,
          email: contact.email,
          name: contact.name,
          topic: ticket.topic,
          packageRef: pkg ? pkg.id : null,
          packageId: pkg?.id ?? null,
          status: ticket.status,
          assigneeId: answered ? admin.id : null,
          createdAt: at(first),
          lastMessageAt: at(last),
          closedAt: ticket.status === 'closed' ? at(last) : null,
        })
        .returning({ id: supportTicket.id, number: supportTicket.number });
      if (!row) continue;
      for (const [hoursAgo, fromTeam, body] of ticket.messages) {
        await tx.insert(supportMessage).values({
          ticketId: row.id,
          fromTeam,
          authorId: fromTeam ? admin.id : (member?.id ?? null),
          body,
          createdAt: at(hoursAgo),
        });
        if (fromTeam) {
          const status = ticket.status === 'closed' ? 'closed' : 'answered';
          await recordAudit(tx, {
            actorId: admin.id,
            action: 'support.reply',
            subject: { type: 'support_ticket', id: row.id },
            before: { status: 'open', assigneeId: null },
            after: { status, assigneeId: admin.id },
            data: { number: row.number },
            at: at(hoursAgo),
          });
          if (member) {
            await tx.insert(notification).values({
              userId: member.id,
              type: 'support_reply',
              title: `Our team answered your message #${row.number}`,
              body,
              link: `/user/help-center/${row.id}`,
              data: { ticketId: row.id, number: row.number },
              createdAt: at(hoursAgo),
            });
          }
        }
      }
    }
  });
  log.info({ tickets: tickets.length }, 'demo support tickets written');
}
