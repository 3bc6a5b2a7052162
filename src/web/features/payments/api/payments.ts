import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationEventName } from '#shared/notifications.ts';
import type { Payment, StartPaymentResponse } from '#shared/payments.ts';
import { http } from '#web/lib/http.ts';
import { getSocket } from '#web/lib/socket.ts';
import { paymentKeys } from './payment-keys.ts';

const paymentsPath = (packageId: string) => `/api/packages/${encodeURIComponent(packageId)}/payments`;

/** The provider's page is another site (Stripe) or another app screen (sandbox): a full page load either way. */
function goToCheckout(url: string) {
  window.location.assign(url);
}

/**
 * POST /api/packages/{id}/payments, then off to the provider's checkout. The server keeps one open
 * checkout per package, so a second click (or a retry after coming back) lands on the same one.
 */
export function useStartPayment(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: paymentKeys.start(packageId),
    mutationFn: () => http<StartPaymentResponse>(paymentsPath(packageId), { method: 'POST', body: {} }),
    onSuccess: ({ url }) => goToCheckout(url),
    // Paid meanwhile, or no longer a draft: the amount-due screen re-reads the package and says so.
    onError: () => client.invalidateQueries({ queryKey: paymentKeys.packageDue(packageId) }),
  });
}

/**
 * GET /api/packages/{id}/payments/latest. With `pollWhilePendingMs` it is asked again at that pace for
 * as long as the payment is pending, i.e. until the provider's webhook has spoken.
 */
export function useLatestPayment(packageId: string, options: { pollWhilePendingMs?: number; enabled?: boolean } = {}) {
  const { pollWhilePendingMs, enabled = true } = options;
  return useQuery({
    queryKey: paymentKeys.latest(packageId),
    queryFn: ({ signal }) => http<Payment>(`${paymentsPath(packageId)}/latest`, { signal }),
    enabled,
    refetchInterval: (query) =>
      pollWhilePendingMs !== undefined && query.state.data?.status === 'pending' ? pollWhilePendingMs : false,
    // A 404 means "no payment yet": asking again will not change that.
    retry: false,
  });
}

/** A `payment_succeeded` notification for this package: read its payment at once instead of at the next poll. */
export function usePaymentLiveUpdates(packageId: string) {
  const client = useQueryClient();
  useEffect(() => {
    const socket = getSocket();
    const onNotification = (n: { type?: unknown; data?: { packageId?: unknown } }) => {
      if (typeof n?.type !== 'string' || !n.type.startsWith('payment_')) return;
      if (n.data?.packageId !== undefined && n.data.packageId !== packageId) return;
      void client.invalidateQueries({ queryKey: paymentKeys.latest(packageId) });
    };
    socket.on(notificationEventName, onNotification);
    return () => {
      socket.off(notificationEventName, onNotification);
    };
  }, [client, packageId]);
}
