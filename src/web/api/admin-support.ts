import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminTicket, AdminTicketPage, adminTicketListQuerySchema } from '#shared/support.ts';
import { http } from '#web/lib/http.ts';

// The back office's support queue (`/api/admin/support/tickets`, server module `support`): the queue
// screen and one ticket's page read them through these keys (docs/decisions/0037-one-web-data-layer.md).

/** The query string of GET /api/admin/support/tickets, as the contract accepts it. */
export type AdminTicketListParams = z.input<typeof adminTicketListQuerySchema>;

export const adminSupportKeys = {
  all: ['admin', 'support'] as const,
  lists: () => [...adminSupportKeys.all, 'list'] as const,
  list: (params: AdminTicketListParams) => [...adminSupportKeys.lists(), params] as const,
  detail: (id: string) => [...adminSupportKeys.all, 'detail', id] as const,
};

export const adminTicketPath = (id: string) => `/api/admin/support/tickets/${encodeURIComponent(id)}`;

export const adminSupportQueries = {
  /** GET /api/admin/support/tickets?…: one page of the queue, with its total. */
  list: (params: AdminTicketListParams) =>
    queryOptions({
      queryKey: adminSupportKeys.list(params),
      queryFn: ({ signal }) => http<AdminTicketPage>('/api/admin/support/tickets', { query: params, signal }),
    }),

  /** GET /api/admin/support/tickets/{id}: one ticket with who wrote, who holds it and every message. */
  detail: (id: string) =>
    queryOptions({
      queryKey: adminSupportKeys.detail(id),
      queryFn: ({ signal }) => http<AdminTicket>(adminTicketPath(id), { signal }),
    }),
};
