import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Balance, BalanceTransactionPage } from '#shared/balances.ts';
import { http } from '#web/lib/http.ts';

// The balances resource (`/api/balance…`, server module `balances`): my money as a traveler
// (docs/decisions/0037-one-web-data-layer.md).

export const balanceKeys = {
  all: ['balance'] as const,
  summary: () => [...balanceKeys.all, 'summary'] as const,
  transactions: () => [...balanceKeys.all, 'transactions'] as const,
};

export const balanceQueries = {
  /** GET /api/balance: per currency. */
  summary: () =>
    queryOptions({
      queryKey: balanceKeys.summary(),
      queryFn: ({ signal }) => http<Balance>('/api/balance', { signal }),
    }),

  /** GET /api/balance/transactions: my account's lines, newest first, a page at a time. */
  transactions: () =>
    infiniteQueryOptions({
      queryKey: balanceKeys.transactions(),
      queryFn: ({ pageParam, signal }) =>
        http<BalanceTransactionPage>('/api/balance/transactions', {
          query: { cursor: pageParam ?? undefined },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
};
