import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPayout,
  AdminPayoutBankDetails,
  AdminPayoutPage,
  MarkPayoutSent,
  PayoutStatus,
} from '#shared/payouts.ts';
import { downloadHref } from '#web/lib/download-href.ts';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { http } from '#web/lib/http.ts';
import { auditKeys } from './admin-audit.ts';
import { adminDashboardKeys } from './admin-dashboard.ts';
import { adminUserKeys } from './admin-users.ts';

// The back office's payouts (`/api/admin/payouts…`, server module `admin-money`): the list to send,
// a payout's bank details (each read is audited) and marking one sent (docs/product.md §8;
// docs/decisions/0037-one-web-data-layer.md).

export interface AdminPayoutListParams {
  /** Absent: every payout. */
  status?: PayoutStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const adminPayoutKeys = {
  all: ['admin', 'payouts'] as const,
  lists: () => [...adminPayoutKeys.all, 'list'] as const,
  list: (params: AdminPayoutListParams) => [...adminPayoutKeys.lists(), params] as const,
  bankDetails: (id: string) => [...adminPayoutKeys.all, 'bank-details', id] as const,
};

export const adminPayoutQueries = {
  /** GET /api/admin/payouts: one page, newest first. */
  list: (params: AdminPayoutListParams) =>
    queryOptions({
      queryKey: adminPayoutKeys.list(params),
      queryFn: ({ signal }) => http<AdminPayoutPage>('/api/admin/payouts', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),

  /**
   * GET /api/admin/payouts/{id}/bank-details. Every read is written to the audit log, so it is read
   * once per reveal: never again on focus or remount, never retried, and forgotten once nobody shows it.
   */
  bankDetails: (id: string) =>
    queryOptions({
      queryKey: adminPayoutKeys.bankDetails(id),
      queryFn: ({ signal }) =>
        http<AdminPayoutBankDetails>(`/api/admin/payouts/${encodeURIComponent(id)}/bank-details`, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

/** GET /api/admin/payouts.csv: every payout of a status (or all), without bank details. */
export function payoutsCsvHref(status: PayoutStatus | undefined): string {
  return downloadHref('/api/admin/payouts.csv', { status });
}

/**
 * POST /api/admin/payouts/{id}/mark-sent. A 409 means another administrator sent it meanwhile: the
 * list refetches so the row says so.
 */
export function useMarkPayoutSent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ payoutId, body }: { payoutId: string; body: MarkPayoutSent }) =>
      http<AdminPayout>(`/api/admin/payouts/${encodeURIComponent(payoutId)}/mark-sent`, { method: 'POST', body }),
    onSuccess: async (payout) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminPayoutKeys.lists() }),
        client.invalidateQueries({ queryKey: auditKeys.all }),
        client.invalidateQueries({ queryKey: adminDashboardKeys.all }),
        client.invalidateQueries({ queryKey: adminUserKeys.detail(payout.traveler.id) }),
      ]);
    },
    onError: async (err) => {
      if (errorStatus(err) === 409) await client.invalidateQueries({ queryKey: adminPayoutKeys.lists() });
    },
  });
}
