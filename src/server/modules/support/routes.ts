import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { member, optionalUser } from '#server/plugins/auth-guard.ts';
import { apiErrorSchema } from '#shared/errors.ts';
import {
  adminTicketAssignSchema,
  adminTicketListQuerySchema,
  adminTicketPageSchema,
  adminTicketReplySchema,
  adminTicketSchema,
  contactFormSchema,
  contactReceiptSchema,
  myTicketsSchema,
  ticketParamsSchema,
  ticketReplySchema,
  ticketSchema,
} from '#shared/support.ts';
import { assignTicket, closeTicket, getTicket, listTickets, replyToTicket } from './admin.ts';
import { type SupportDeps, submitContact } from './contact.ts';
import { getMyTicket, listMyTickets, replyToMyTicket } from './tickets.ts';

const e = apiErrorSchema;

/** The support desk for visitors and members: the contact form, and a member's own tickets. */
export const supportRoutes: FastifyPluginAsyncZod<SupportDeps> = async (app, deps) => {
  app.post(
    '/api/support/contact',
    {
      config: { auth: 'visitor' },
      schema: {
        tags: ['support'],
        summary: 'Write to the support team (visitors and members); a few messages an hour per address',
        body: contactFormSchema,
        response: { 201: contactReceiptSchema, 400: e, 429: e },
      },
    },
    async (req, reply) => {
      const signedIn = await optionalUser(req);
      const receipt = await submitContact(deps, {
        form: req.body,
        member: signedIn ? { id: signedIn.id, email: signedIn.email, name: signedIn.name } : null,
        ip: req.ip,
      });
      return reply.status(201).send(receipt);
    },
  );

  app.get(
    '/api/support/tickets',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['support'],
        summary: 'My conversations with the support team, latest activity first',
        response: { 200: myTicketsSchema, 401: e },
      },
    },
    async (req) => listMyTickets(deps, member(req).id),
  );

  app.get(
    '/api/support/tickets/:id',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['support'],
        summary: 'One of my tickets with its messages (404 when it is not mine)',
        params: ticketParamsSchema,
        response: { 200: ticketSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => getMyTicket(deps, member(req).id, req.params.id),
  );

  app.post(
    '/api/support/tickets/:id/messages',
    {
      config: { auth: 'member' },
      schema: {
        tags: ['support'],
        summary: 'Write again on one of my tickets; it goes back to the team (reopened when closed)',
        params: ticketParamsSchema,
        body: ticketReplySchema,
        response: { 200: ticketSchema, 400: e, 401: e, 404: e },
      },
    },
    async (req) => replyToMyTicket(deps, member(req).id, req.params.id, req.body),
  );
};

/** The support queue in the back office (under /api/admin, ADR 0044). */
export const supportAdminRoutes: FastifyPluginAsyncZod<SupportDeps> = async (app, deps) => {
  app.get(
    '/support/tickets',
    {
      schema: {
        tags: ['admin'],
        summary: 'Support tickets by status and holder; waiting ones longest-waiting first',
        querystring: adminTicketListQuerySchema,
        response: { 200: adminTicketPageSchema, 400: e, 401: e, 403: e },
      },
    },
    async (req) => listTickets(deps, member(req).id, req.query),
  );

  app.get(
    '/support/tickets/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One support ticket with its messages',
        params: ticketParamsSchema,
        response: { 200: adminTicketSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => {
      member(req);
      return getTicket(deps, req.params.id);
    },
  );

  app.post(
    '/support/tickets/:id/assign',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give the ticket to an administrator (null: to nobody)',
        params: ticketParamsSchema,
        body: adminTicketAssignSchema,
        response: { 200: adminTicketSchema, 400: e, 401: e, 403: e, 404: e, 422: e },
      },
    },
    async (req) => assignTicket(deps, member(req).id, req.params.id, req.body),
  );

  app.post(
    '/support/tickets/:id/reply',
    {
      schema: {
        tags: ['admin'],
        summary: 'Answer the ticket; its author is told in the app and by e-mail',
        params: ticketParamsSchema,
        body: adminTicketReplySchema,
        response: { 200: adminTicketSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => replyToTicket(deps, member(req).id, req.params.id, req.body),
  );

  app.post(
    '/support/tickets/:id/close',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close the ticket (its author writing again reopens it)',
        params: ticketParamsSchema,
        response: { 200: adminTicketSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (req) => closeTicket(deps, member(req).id, req.params.id),
  );
};
