import { useQuery } from '@tanstack/react-query';
import type { PackageView } from '#shared/packages.ts';
import { http } from '#web/lib/http.ts';
import { paymentKeys } from './payment-keys.ts';

/**
 * GET /api/packages/{id} for the amount due: the server prices the draft (reward, fee, total) from
 * the settings, so the page shows the very figures the payment will charge. Its own key: the payment
 * screens do not reach into the packages feature's cache.
 */
export function usePackageDue(packageId: string | null) {
  return useQuery({
    queryKey: paymentKeys.packageDue(packageId ?? ''),
    queryFn: ({ signal }) => http<PackageView>(`/api/packages/${encodeURIComponent(packageId ?? '')}`, { signal }),
    enabled: packageId !== null,
    // Always the latest figures: the draft may have changed a moment ago in the form.
    staleTime: 0,
  });
}
