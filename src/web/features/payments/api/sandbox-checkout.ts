import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SandboxCard } from '#shared/payments.ts';
import { paymentKeys, paymentQueries } from '#web/api/payments.ts';
import { http } from '#web/lib/http.ts';
import { paymentMutationKeys } from './payment-keys.ts';

// The embedded provider's hosted checkout (/pay/sandbox/{ref}). Its answer travels to our webhook,
// signed, before the page is told where to go: the return page then reads what the webhook did.

interface SandboxResult {
  redirectTo: string;
  outcome: 'paid' | 'declined' | 'cancelled';
}

/**
 * The return page comes next and must not show a payment as it was before this answer; the checkout
 * itself is not refetched, or it would flash "closed" before the page leaves.
 */
const forgetLatest = (client: QueryClient) => client.removeQueries({ queryKey: paymentKeys.latests() });

const checkoutPath = (ref: string) => `/api/payments/sandbox/${encodeURIComponent(ref)}`;

/** GET /api/payments/sandbox/{ref}: amount, package and whether the checkout still takes a card. */
export function useSandboxCheckout(ref: string) {
  return useQuery(paymentQueries.sandboxCheckout(ref));
}

/** POST /api/payments/sandbox/{ref}/pay with a test card. */
export function useSandboxPay(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: paymentMutationKeys.sandboxPay(ref),
    mutationFn: (card: SandboxCard) => http<SandboxResult>(`${checkoutPath(ref)}/pay`, { method: 'POST', body: card }),
    onSuccess: () => forgetLatest(client),
  });
}

/** POST /api/payments/sandbox/{ref}/cancel: leave without paying. */
export function useSandboxCancel(ref: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: paymentMutationKeys.sandboxCancel(ref),
    mutationFn: () => http<SandboxResult>(`${checkoutPath(ref)}/cancel`, { method: 'POST', body: {} }),
    onSuccess: () => forgetLatest(client),
  });
}
