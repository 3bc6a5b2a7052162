import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Balance, BalanceTransactionPage } from '#shared/balances.ts';
import type { Payout, PayoutRequest } from '#shared/payouts.ts';
import { http } from '#web/lib/http.ts';
import { balanceKeys } from './balance-keys.ts';

/** GET /api/balance: my money as a traveler, per currency. */
export function useBalance() {
  return useQuery({
    queryKey: balanceKeys.summary(),
    queryFn: ({ signal }) => http<Balance>('/api/balance', { signal }),
  });
}

/** GET /api/balance/transactions: my account's lines, newest first, a page at a time. */
export function useBalanceTransactions() {
  return useInfiniteQuery({
    queryKey: balanceKeys.transactions(),
    queryFn: ({ pageParam, signal }) =>
      http<BalanceTransactionPage>('/api/balance/transactions', {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** POST /api/payouts: the amount leaves my available balance at once, so the balance and history refetch. */
export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: balanceKeys.requestPayout(),
    mutationFn: (body: PayoutRequest) => http<Payout>('/api/payouts', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
