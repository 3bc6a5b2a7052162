import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationEventName, notificationItemSchema } from '#shared/notifications.ts';
import type { StartPaymentResponse } from '#shared/payments.ts';
import { packageKeys, packageQueries } from '#web/api/packages.ts';
import { paymentKeys, paymentQueries } from '#web/api/payments.ts';
import { http } from '#web/lib/http.ts';
import { useLiveEvent } from '#web/lib/live-events.ts';
import { paymentMutationKeys } from './payment-keys.ts';

const paymentsPath = (packageId: string) => `/api/packages/${encodeURIComponent(packageId)}/payments`;

/** The provider's page is another site (Stripe) or another app screen (sandbox): a full page load either way. */
function goToCheckout(url: string) {
  window.location.assign(url);
}

/**
 * GET /api/packages/{id} for the amount due: the server prices the draft (reward, fee, total) from
 * the settings, so the page shows the very figures the payment will charge. The package's one cache
 * entry, read afresh on arrival: the draft may have changed a moment ago in the form.
 */
export function usePackageDue(packageId: string | null) {
  return useQuery({ ...packageQueries.detail(packageId ?? ''), enabled: packageId !== null, staleTime: 0 });
}

/**
 * POST /api/packages/{id}/payments, then off to the provider's checkout. The server keeps one open
 * checkout per package, so a second click (or a retry after coming back) lands on the same one.
 */
export function useStartPayment(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: paymentMutationKeys.start(packageId),
    mutationFn: () => http<StartPaymentResponse>(paymentsPath(packageId), { method: 'POST', body: {} }),
    onSuccess: ({ url }) => goToCheckout(url),
    // Paid meanwhile, or no longer a draft: the amount-due screen re-reads the package and says so.
    onError: () => client.invalidateQueries({ queryKey: packageKeys.detail(packageId) }),
  });
}

/**
 * GET /api/packages/{id}/payments/latest. With `pollWhilePendingMs` it is asked again at that pace for
 * as long as the payment is pending, i.e. until the provider's webhook has spoken.
 */
export function useLatestPayment(packageId: string, options: { pollWhilePendingMs?: number; enabled?: boolean } = {}) {
  const { pollWhilePendingMs, enabled = true } = options;
  return useQuery({
    ...paymentQueries.latest(packageId),
    enabled,
    refetchInterval: (query) =>
      pollWhilePendingMs !== undefined && query.state.data?.status === 'pending' ? pollWhilePendingMs : false,
  });
}

/** A `payment_succeeded` notification for this package: read its payment at once instead of at the next poll. */
export function usePaymentLiveUpdates(packageId: string) {
  const client = useQueryClient();
  useLiveEvent(notificationEventName, notificationItemSchema, (n) => {
    if (!n.type.startsWith('payment_')) return;
    if (n.data.packageId !== undefined && n.data.packageId !== packageId) return;
    void client.invalidateQueries({ queryKey: paymentKeys.latest(packageId) });
  });
}
