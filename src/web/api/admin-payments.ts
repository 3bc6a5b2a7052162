import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPayment,
  AdminPaymentPage,
  AdminPaymentSort,
  AdminReconciliation,
  AdminRefund,
} from '#shared/admin-money.ts';
import type { PaymentStatus, paymentProviders } from '#shared/payments.ts';
import { downloadHref } from '#web/lib/download-href.ts';
import { http } from '#web/lib/http.ts';
import { auditKeys } from './admin-audit.ts';
import { adminLedgerKeys } from './admin-ledger.ts';
import { packageKeys } from './packages.ts';
import { paymentKeys } from './payments.ts';

// The back office's payments (`/api/admin/payments…`, server module `admin-money`): the list and a
// refund, and the list's CSV (docs/product.md §5.5, §8; docs/decisions/0037-one-web-data-layer.md).

/** The list's query as the server reads it; absent fields are no filter. */
export interface AdminPaymentListParams {
  status?: PaymentStatus | undefined;
  provider?: (typeof paymentProviders)[number] | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  q?: string | undefined;
  refundFailed?: 'true' | undefined;
  sort?: AdminPaymentSort | undefined;
  cursor?: string | undefined;
}

/** The list's filters alone: what the CSV export takes. */
export type AdminPaymentFilterParams = Omit<AdminPaymentListParams, 'sort' | 'cursor'>;

export const adminPaymentKeys = {
  all: ['admin', 'payments'] as const,
  lists: () => [...adminPaymentKeys.all, 'list'] as const,
  list: (params: AdminPaymentListParams) => [...adminPaymentKeys.lists(), params] as const,
  reconciliation: (paymentId: string) => [...adminPaymentKeys.all, 'reconciliation', paymentId] as const,
};

export const adminPaymentQueries = {
  /** GET /api/admin/payments: one page of the filtered, ordered list, with its total. */
  list: (params: AdminPaymentListParams) =>
    queryOptions({
      queryKey: adminPaymentKeys.list(params),
      queryFn: ({ signal }) => http<AdminPaymentPage>('/api/admin/payments', { query: params, signal }),
      // The rows stay while the next filter's answer comes, dimmed by the table.
      placeholderData: keepPreviousData,
    }),
  /**
   * GET /api/admin/payments/{id}/reconciliation: the payment as booked beside what the provider holds.
   * Each opening asks the provider afresh (nothing kept once closed), and only then: a check is a
   * call to Stripe, not something to repeat on every focus of the window.
   */
  reconciliation: (paymentId: string) =>
    queryOptions({
      queryKey: adminPaymentKeys.reconciliation(paymentId),
      queryFn: ({ signal }) =>
        http<AdminReconciliation>(`/api/admin/payments/${encodeURIComponent(paymentId)}/reconciliation`, { signal }),
      gcTime: 0,
      refetchOnWindowFocus: false,
    }),
};

/** GET /api/admin/payments.csv: every payment the filters match, newest first. */
export function paymentsCsvHref(filters: AdminPaymentFilterParams): string {
  const { status, provider, createdFrom, createdTo, minAmount, maxAmount, q, refundFailed } = filters;
  return downloadHref('/api/admin/payments.csv', {
    status,
    provider,
    createdFrom,
    createdTo,
    minAmount,
    maxAmount,
    q,
    refundFailed,
  });
}

/**
 * POST /api/admin/payments/{id}/refund. A full refund before pickup cancels the package, so the
 * package's reads go stale with the payments'.
 */
export function useRefundPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: AdminRefund }) =>
      http<AdminPayment>(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, { method: 'POST', body }),
    onSuccess: async (payment) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: adminPaymentKeys.all }),
        client.invalidateQueries({ queryKey: auditKeys.all }),
        client.invalidateQueries({ queryKey: adminLedgerKeys.all }),
        client.invalidateQueries({ queryKey: paymentKeys.latest(payment.packageId) }),
        client.invalidateQueries({ queryKey: packageKeys.one(payment.packageId) }),
        client.invalidateQueries({ queryKey: packageKeys.lists() }),
      ]);
    },
  });
}
