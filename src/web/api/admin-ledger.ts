import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LedgerBalances, LedgerEntryPage } from '#shared/admin-money.ts';
import type { LedgerEntryKind } from '#shared/balances.ts';
import { downloadHref } from '#web/lib/download-href.ts';
import { http } from '#web/lib/http.ts';

// The back office's journal (`/api/admin/ledger…`, server module `admin-money`): entries with their
// balanced lines, the accounts' balances, and the journal's CSV (docs/product.md §8;
// docs/decisions/0037-one-web-data-layer.md).

/** The journal's filters as the server reads them; absent fields are no filter. */
export interface LedgerFilters {
  /** escrow, platform_fees, payouts, refunds, traveler:<member id>, sender:<member id>. */
  account?: string | undefined;
  memberId?: string | undefined;
  kind?: LedgerEntryKind | undefined;
  paymentId?: string | undefined;
  packageId?: string | undefined;
  /** A date (from its start) or a date-time. */
  from?: string | undefined;
  /** A date (up to its end) or a date-time. */
  to?: string | undefined;
}

export interface LedgerEntryListParams extends LedgerFilters {
  cursor?: string | undefined;
  limit?: number | undefined;
}

export const adminLedgerKeys = {
  all: ['admin', 'ledger'] as const,
  entries: (params: LedgerEntryListParams) => [...adminLedgerKeys.all, 'entries', params] as const,
  balances: () => [...adminLedgerKeys.all, 'balances'] as const,
};

export const adminLedgerQueries = {
  /** GET /api/admin/ledger/entries: one page of the filtered journal, newest first (no total). */
  entries: (params: LedgerEntryListParams) =>
    queryOptions({
      queryKey: adminLedgerKeys.entries(params),
      queryFn: ({ signal }) => http<LedgerEntryPage>('/api/admin/ledger/entries', { query: params, signal }),
      // The rows stay while the next filter's answer comes, dimmed by the table.
      placeholderData: keepPreviousData,
    }),

  /** GET /api/admin/ledger/balances: the platform's accounts, and members' summed by kind. */
  balances: () =>
    queryOptions({
      queryKey: adminLedgerKeys.balances(),
      queryFn: ({ signal }) => http<LedgerBalances>('/api/admin/ledger/balances', { signal }),
    }),
};

/** GET /api/admin/ledger/entries.csv: every entry the filters match, one row per line. */
export function journalCsvHref(filters: LedgerFilters): string {
  const { account, memberId, kind, paymentId, packageId, from, to } = filters;
  return downloadHref('/api/admin/ledger/entries.csv', { account, memberId, kind, paymentId, packageId, from, to });
}
