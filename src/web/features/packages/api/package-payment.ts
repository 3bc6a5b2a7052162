import { useQuery } from '@tanstack/react-query';
import type { Payment } from '#shared/payments.ts';
import { http } from '#web/lib/http.ts';
import { packageKeys } from './package-keys.ts';

/**
 * GET /api/packages/{id}/payments/latest, for the payment line on the package page. Its own hook and
 * key: the packages feature does not reach into the payments feature. Asked only when `enabled` (the
 * sender, of a package that was published, which only a payment does); a 404 means no payment.
 */
export function usePackagePayment(id: string, enabled: boolean) {
  return useQuery({
    queryKey: packageKeys.payment(id),
    queryFn: ({ signal }) => http<Payment>(`/api/packages/${encodeURIComponent(id)}/payments/latest`, { signal }),
    enabled,
    retry: false,
  });
}
