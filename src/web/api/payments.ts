import { queryOptions } from '@tanstack/react-query';
import type { Payment, SandboxCheckout } from '#shared/payments.ts';
import { http } from '#web/lib/http.ts';

// The payments of a package (`/api/packages/{id}/payments…`): the package page's payment line and
// the payment return page read the newest one through the same key
// (docs/decisions/0037-one-web-data-layer.md).

export const paymentKeys = {
  all: ['payments'] as const,
  latests: () => [...paymentKeys.all, 'latest'] as const,
  /** The newest payment of a package. */
  latest: (packageId: string) => [...paymentKeys.latests(), packageId] as const,
  sandboxCheckout: (ref: string) => [...paymentKeys.all, 'sandbox', ref] as const,
};

export const paymentQueries = {
  /** GET /api/packages/{id}/payments/latest; a 404 means "no payment yet", which asking again will not change. */
  latest: (packageId: string) =>
    queryOptions({
      queryKey: paymentKeys.latest(packageId),
      queryFn: ({ signal }) =>
        http<Payment>(`/api/packages/${encodeURIComponent(packageId)}/payments/latest`, { signal }),
      retry: false,
    }),

  /** GET /api/payments/sandbox/{ref}: amount, package and whether the embedded checkout still takes a card. */
  sandboxCheckout: (ref: string) =>
    queryOptions({
      queryKey: paymentKeys.sandboxCheckout(ref),
      queryFn: ({ signal }) => http<SandboxCheckout>(`/api/payments/sandbox/${encodeURIComponent(ref)}`, { signal }),
      retry: false,
    }),
};
