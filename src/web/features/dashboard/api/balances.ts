import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutRequest } from '#shared/payouts.ts';
import { balanceKeys, balanceQueries } from '#web/api/balances.ts';
import { http } from '#web/lib/http.ts';

/** GET /api/balance: my money as a traveler, per currency. */
export function useBalance() {
  return useQuery(balanceQueries.summary());
}

/** GET /api/balance/transactions: my account's lines, newest first, a page at a time. */
export function useBalanceTransactions() {
  return useInfiniteQuery(balanceQueries.transactions());
}

/** POST /api/payouts: the amount leaves my available balance at once, so the balance and history refetch. */
export function useRequestPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...balanceKeys.all, 'request-payout'],
    mutationFn: (body: PayoutRequest) => http<Payout>('/api/payouts', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
