import { useQuery } from '@tanstack/react-query';
import { paymentQueries } from '#web/api/payments.ts';

/**
 * GET /api/packages/{id}/payments/latest, for the payment line on the package page: the same cache
 * entry as the payment return page's. Asked only when `enabled` (the sender, of a package that was
 * published, which only a payment does); a 404 means no payment.
 */
export function usePackagePayment(id: string, enabled: boolean) {
  return useQuery({ ...paymentQueries.latest(id), enabled });
}
