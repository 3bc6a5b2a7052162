import { queryOptions } from '@tanstack/react-query';
import type { ContactForm, ContactReceipt, MyTickets, Ticket, TicketReply } from '#shared/support.ts';
import { http } from '#web/lib/http.ts';

// The support desk as its authors meet it (`/api/support…`, server module `support`): the contact
// form, and a member's own tickets in the help center (docs/decisions/0037-one-web-data-layer.md).

/**
 * A member's list sits under their id, though the server reads it from the session: a tab that signs
 * in as someone else never shows the previous member's conversations for a moment.
 */
export const supportKeys = {
  all: ['support'] as const,
  /** Every member's list this tab has read: a new message changes what each of them shows. */
  lists: () => [...supportKeys.all, 'mine'] as const,
  mine: (me: string) => [...supportKeys.lists(), me] as const,
  ticket: (id: string) => [...supportKeys.all, 'ticket', id] as const,
};

const ticketPath = (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`;

export const supportQueries = {
  /** GET /api/support/tickets: mine, the most recently active first. */
  mine: (me: string) =>
    queryOptions({
      queryKey: supportKeys.mine(me),
      queryFn: ({ signal }) => http<MyTickets>('/api/support/tickets', { signal }),
    }),

  /** GET /api/support/tickets/{id}: one of mine with its messages (404 when it is not mine). */
  ticket: (id: string) =>
    queryOptions({
      queryKey: supportKeys.ticket(id),
      queryFn: ({ signal }) => http<Ticket>(ticketPath(id), { signal }),
    }),
};

/** POST /api/support/contact: a visitor's or a member's message to the team; answers its reference. */
export const sendContactForm = (form: ContactForm) =>
  http<ContactReceipt>('/api/support/contact', { method: 'POST', body: form });

/** POST /api/support/tickets/{id}/messages: more from the author, which reopens the ticket. */
export const replyToTicket = (id: string, reply: TicketReply) =>
  http<Ticket>(`${ticketPath(id)}/messages`, { method: 'POST', body: reply });
