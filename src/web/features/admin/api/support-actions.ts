import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTicket, AdminTicketAssign, AdminTicketReply } from '#shared/support.ts';
import { auditKeys } from '#web/api/admin-audit.ts';
import { adminDashboardKeys } from '#web/api/admin-dashboard.ts';
import { adminSupportKeys, adminTicketPath } from '#web/api/admin-support.ts';
import { http } from '#web/lib/http.ts';

// What an administrator does to a support ticket from its page: take it or let it go, answer it,
// close it. Each answers the whole ticket, which replaces the cached one; the queue, the dashboard's
// count of waiting tickets and the ticket's admin history are read again.

function useTicketAction<TInput>(id: string, run: (input: TInput) => Promise<AdminTicket>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (ticket) => {
      client.setQueryData(adminSupportKeys.detail(id), ticket);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminSupportKeys.lists() }),
        client.invalidateQueries({ queryKey: adminDashboardKeys.attention() }),
        client.invalidateQueries({ queryKey: auditKeys.timeline('support_ticket', id) }),
      ]);
    },
  });
}

/** POST /api/admin/support/tickets/{id}/assign: to an administrator, or to nobody (null). */
export const useAssignTicket = (id: string) =>
  useTicketAction(id, (body: AdminTicketAssign) =>
    http<AdminTicket>(`${adminTicketPath(id)}/assign`, { method: 'POST', body }),
  );

/** POST /api/admin/support/tickets/{id}/reply: the author hears by notification and e-mail. */
export const useReplyToTicket = (id: string) =>
  useTicketAction(id, (body: AdminTicketReply) =>
    http<AdminTicket>(`${adminTicketPath(id)}/reply`, { method: 'POST', body }),
  );

/** POST /api/admin/support/tickets/{id}/close */
export const useCloseTicket = (id: string) =>
  useTicketAction(id, () => http<AdminTicket>(`${adminTicketPath(id)}/close`, { method: 'POST', body: {} }));
