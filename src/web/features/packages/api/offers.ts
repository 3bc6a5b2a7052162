import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer, PackageRequest } from '#shared/requests.ts';
import { packageKeys, packageQueries } from '#web/api/packages.ts';
import { http } from '#web/lib/http.ts';

// Offering to carry from the package's own page: the member's trips that fit it, and the offer.

/** GET /api/packages/{id}/my-trips, once the member may carry at all. */
export function useMyTripsFor(packageId: string, options: { enabled: boolean }) {
  return useQuery({ ...packageQueries.myTrips(packageId), enabled: options.enabled });
}

/** POST /api/requests/offers, then the trips' cards show the pending offer. */
export function useOfferFromPackage(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offer: Offer) => http<PackageRequest>('/api/requests/offers', { method: 'POST', body: offer }),
    onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.myTrips(packageId) }),
  });
}

/** POST /api/requests/{id}/withdraw: take back the offer. */
export function useWithdrawFromPackage(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      http<PackageRequest>(`/api/requests/${encodeURIComponent(requestId)}/withdraw`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.myTrips(packageId) }),
  });
}
