import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBanResult,
  AdminNotify,
  AdminReason,
  AdminRoleChange,
  AdminSessionsRevoked,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
} from '#shared/admin-users.ts';
import type { Conversation } from '#shared/chat.ts';
import type { AdminKyc, AdminKycDecision } from '#shared/kyc.ts';
import { http } from '#web/lib/http.ts';
import { auditKeys } from './admin-audit.ts';

// The back office's members (`/api/admin/users…`, server module `members`; the identity check's
// admin view is the kyc module's): the list, one member's record, and the actions on an account
// (docs/decisions/0037-one-web-data-layer.md).

/** The list's query as the URL holds it: every value a string, absent when unset. */
export type AdminUserListParams = Partial<
  Record<'q' | 'verified' | 'kycStatus' | 'banned' | 'admin' | 'joinedFrom' | 'joinedTo' | 'sort' | 'cursor', string>
>;

export const adminUserKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (params: AdminUserListParams) => [...adminUserKeys.lists(), params] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
  kyc: (id: string) => [...adminUserKeys.all, 'kyc', id] as const,
};

const path = (id: string, tail = '') => `/api/admin/users/${encodeURIComponent(id)}${tail}`;

export const adminUserQueries = {
  /** GET /api/admin/users: a page of members, with the view's search, filters and order. */
  list: (params: AdminUserListParams) =>
    queryOptions({
      queryKey: adminUserKeys.list(params),
      queryFn: ({ signal }) => {
        const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
        return http<AdminUserPage>('/api/admin/users', { query, signal });
      },
      // The rows stay while the next filter's answer comes: the table says it is updating.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/users/{id}: one member's record. */
  detail: (id: string) =>
    queryOptions({
      queryKey: adminUserKeys.detail(id),
      queryFn: ({ signal }) => http<AdminUserDetail>(path(id), { signal }),
    }),

  /** GET /api/admin/users/{id}/kyc: their identity check, every attempt and change. */
  kyc: (id: string) =>
    queryOptions({
      queryKey: adminUserKeys.kyc(id),
      queryFn: ({ signal }) => http<AdminKyc>(path(id, '/kyc'), { signal }),
    }),
};

/** An action changes the member's row in lists, their record and their audit timeline. */
function useMemberAction<TInput, TResult>(id: string, run: (input: TInput) => Promise<TResult>, also = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminUserKeys.detail(id) }),
        client.invalidateQueries({ queryKey: adminUserKeys.lists() }),
        client.invalidateQueries({ queryKey: auditKeys.timeline('user', id) }),
        also ? client.invalidateQueries({ queryKey: adminUserKeys.kyc(id) }) : undefined,
      ]),
  });
}

/** POST /api/admin/users/{id}/ban */
export const useBanMember = (id: string) =>
  useMemberAction(id, (body: AdminReason) => http<AdminBanResult>(path(id, '/ban'), { method: 'POST', body }));

/** POST /api/admin/users/{id}/unban */
export const useUnbanMember = (id: string) =>
  useMemberAction(id, (body: AdminReason) => http<AdminUser>(path(id, '/unban'), { method: 'POST', body }));

/** POST /api/admin/users/{id}/role */
export const useChangeRole = (id: string) =>
  useMemberAction(id, (body: AdminRoleChange) => http<AdminUser>(path(id, '/role'), { method: 'POST', body }));

/** POST /api/admin/users/{id}/sessions/revoke */
export const useRevokeSessions = (id: string) =>
  useMemberAction(id, (body: AdminReason) =>
    http<AdminSessionsRevoked>(path(id, '/sessions/revoke'), { method: 'POST', body }),
  );

/** POST /api/admin/users/{id}/notify */
export const useNotifyMember = (id: string) =>
  useMemberAction(id, (body: AdminNotify) => http<{ sent: true }>(path(id, '/notify'), { method: 'POST', body }));

/** POST /api/admin/users/{id}/kyc/decision: the override; the verified badge follows it. */
export const useKycDecision = (id: string) =>
  useMemberAction(
    id,
    (body: AdminKycDecision) => http<AdminKyc>(path(id, '/kyc/decision'), { method: 'POST', body }),
    true,
  );

/** POST /api/admin/conversations: open (or find) the admin's conversation with the member. */
export function useOpenConversation() {
  return useMutation({
    mutationFn: (userId: string) =>
      http<Conversation>('/api/admin/conversations', { method: 'POST', body: { userId } }),
  });
}
