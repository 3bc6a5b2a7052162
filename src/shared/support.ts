import { z } from 'zod';
import { adminListCursor, adminListLimit, adminPersonSchema } from './admin-requests.ts';
import { listTotalSchema } from './lists.ts';
import { text } from './text.ts';

// The support desk (docs/product.md §13): anyone writes to the team from /need-help; a ticket holds
// the conversation; members follow theirs in the help center, visitors by e-mail; administrators
// answer from a queue. A ticket is `open` while it waits on the team, `answered` while it waits on the
// person who wrote, and `closed` when an administrator closes it; writing again reopens it.

export const supportTopics = ['package', 'payment', 'account', 'identity', 'other'] as const;
export type SupportTopic = (typeof supportTopics)[number];
export const supportTopicSchema = z.enum(supportTopics, 'Choose what your message is about');

export const supportTopicLabels: Record<SupportTopic, string> = {
  package: 'A package or delivery',
  payment: 'A payment, refund or payout',
  account: 'My account or sign-in',
  identity: 'Identity check',
  other: 'Something else',
};

export const ticketStatuses = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusSchema = z.enum(ticketStatuses, `Choose one of: ${ticketStatuses.join(', ')}`);

export const SUPPORT_LIMITS = {
  messageMin: 10,
  messageMax: 4000,
  nameMax: 100,
  packageRefMax: 300,
  /** Contact-form messages per hour from one address (network) and to one e-mail address. */
  perHour: 5,
  /** A member's own list: the newest this many. */
  mineMax: 100,
} as const;

const message = text()
  .trim()
  .min(SUPPORT_LIMITS.messageMin, `Write at least ${SUPPORT_LIMITS.messageMin} characters so we can help`)
  .max(SUPPORT_LIMITS.messageMax, `Keep it under ${SUPPORT_LIMITS.messageMax} characters`);

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

// ── The contact form ─────────────────────────────────────────────────────────────────────
//   POST /api/support/contact → ContactReceipt (visitors and members)

export const contactFormSchema = z
  .object({
    /** Ignored for a signed-in member: replies go to the account's address. */
    email: z.email('Enter the e-mail address we should answer').max(254),
    name: text().trim().max(SUPPORT_LIMITS.nameMax, 'Keep your name under 100 characters').optional(),
    topic: supportTopicSchema,
    message,
    /** A package's link or id, as the person has it; linked to the package when it names one. */
    packageRef: text()
      .trim()
      .max(SUPPORT_LIMITS.packageRefMax, 'Paste the package’s link or leave this empty')
      .optional(),
    /**
     * A field people never see (the honeypot): a form that fills it in was filled by a program. It
     * is answered like any other, so the program learns nothing, and nothing is stored or sent.
     */
    website: z.string().max(500).optional(),
  })
  .meta({ id: 'ContactForm' });
export type ContactForm = z.infer<typeof contactFormSchema>;

export const contactReceiptSchema = z
  .object({
    /** The number to quote; null only when the message was not kept. */
    number: z.number().int().nullable(),
    /** Where the confirmation and the answers go. */
    email: z.string(),
  })
  .meta({ id: 'ContactReceipt' });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;

// ── A ticket as its author sees it ───────────────────────────────────────────────────────
//   GET  /api/support/tickets            → MyTickets
//   GET  /api/support/tickets/{id}       → Ticket (404 unless mine)
//   POST /api/support/tickets/{id}/messages → Ticket (writing reopens it)

export const ticketMessageSchema = z
  .object({
    id: z.string(),
    /** `team` for an administrator's answer; the author's own messages are `member`. */
    from: z.enum(['member', 'team']),
    /** The administrator's first name for an answer; the author's name otherwise. */
    authorName: z.string().nullable(),
    body: z.string(),
    createdAt: iso,
  })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSummarySchema = z
  .object({
    id: z.string(),
    number: z.number().int(),
    topic: supportTopicSchema,
    status: ticketStatusSchema,
    /** The first words of the first message. */
    preview: z.string(),
    packageId: z.string().nullable(),
    createdAt: iso,
    /** The last message's time. */
    lastMessageAt: iso,
  })
  .meta({ id: 'TicketSummary' });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

export const myTicketsSchema = z.object({ items: z.array(ticketSummarySchema) }).meta({ id: 'MyTickets' });
export type MyTickets = z.infer<typeof myTicketsSchema>;

export const ticketSchema = ticketSummarySchema
  .extend({ messages: z.array(ticketMessageSchema), closedAt: iso.nullable() })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketParamsSchema = z.object({ id: z.uuid('Unknown ticket') });

export const ticketReplySchema = z.object({ message }).meta({ id: 'TicketReply' });
export type TicketReply = z.infer<typeof ticketReplySchema>;

// ── The back office's queue ──────────────────────────────────────────────────────────────
//   GET  /api/admin/support/tickets?status=&assignee=&cursor=&limit= → AdminTicketPage
//   GET  /api/admin/support/tickets/{id}          → AdminTicket
//   POST /api/admin/support/tickets/{id}/assign   → AdminTicket
//   POST /api/admin/support/tickets/{id}/reply    → AdminTicket (the author hears by notification and e-mail)
//   POST /api/admin/support/tickets/{id}/close    → AdminTicket

export const adminTicketListQuerySchema = z.object({
  /** Default: open (waiting on the team). `all` lists every status. */
  status: z.enum([...ticketStatuses, 'all'], 'Choose open, answered, closed or all').default('open'),
  /** `me`, `none` (unassigned) or an administrator's id. */
  assignee: z
    .union([z.literal('me'), z.literal('none'), z.uuid()], { error: 'Choose me, none or an administrator' })
    .optional(),
  cursor: adminListCursor,
  limit: adminListLimit,
});
export type AdminTicketListQuery = z.infer<typeof adminTicketListQuerySchema>;

export const adminTicketRowSchema = ticketSummarySchema
  .extend({
    email: z.string(),
    name: z.string().nullable(),
    /** The member who wrote, when signed in; null for a visitor. */
    member: adminPersonSchema.nullable(),
    assignee: adminPersonSchema.nullable(),
  })
  .meta({ id: 'AdminTicketRow' });
export type AdminTicketRow = z.infer<typeof adminTicketRowSchema>;

export const adminTicketPageSchema = z
  .object({ items: z.array(adminTicketRowSchema), nextCursor: z.string().nullable(), total: listTotalSchema })
  .meta({ id: 'AdminTicketPage' });
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;

export const adminTicketSchema = adminTicketRowSchema
  .extend({ messages: z.array(ticketMessageSchema), closedAt: iso.nullable() })
  .meta({ id: 'AdminTicket' });
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketAssignSchema = z
  .object({ assigneeId: z.uuid('Choose an administrator').nullable() })
  .meta({ id: 'AdminTicketAssign' });
export type AdminTicketAssign = z.infer<typeof adminTicketAssignSchema>;

export const adminTicketReplySchema = z
  .object({ message, close: z.boolean().default(false) })
  .meta({ id: 'AdminTicketReply' });
export type AdminTicketReply = z.infer<typeof adminTicketReplySchema>;
