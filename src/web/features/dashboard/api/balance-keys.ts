/** Query and mutation keys of the dashboard's money, from one factory. */
export const balanceKeys = {
  all: ['balance'] as const,
  summary: () => [...balanceKeys.all, 'summary'] as const,
  transactions: () => [...balanceKeys.all, 'transactions'] as const,
  payouts: () => [...balanceKeys.all, 'payouts'] as const,
  requestPayout: () => [...balanceKeys.all, 'request-payout'] as const,
};
