import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer, PackageRequest } from '#shared/requests.ts';
import { travelPlanKeys } from '#web/api/travel-plans.ts';
import { http } from '#web/lib/http.ts';
import { travelPlanMutationKeys } from './travel-plan-keys.ts';

// A request is between a package and a traveler, whichever of the traveler's trips it rides on, so
// starting or withdrawing one changes the cards of every trip's matches, not only this one's.

/** POST /api/requests/offers: "Offer to carry" a package on one of my active trips. */
export function useOfferToCarry() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: travelPlanMutationKeys.offer(),
    mutationFn: (offer: Offer) => http<PackageRequest>('/api/requests/offers', { method: 'POST', body: offer }),
    // Awaited, so the card already says "Offer sent" when the dialog closes.
    onSuccess: () => client.invalidateQueries({ queryKey: travelPlanKeys.allMatches() }),
  });
}

/** POST /api/requests/{id}/withdraw: take back an offer I made, from the package's card. */
export function useWithdrawOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: travelPlanMutationKeys.withdrawOffer(),
    mutationFn: (requestId: string) =>
      http<PackageRequest>(`/api/requests/${encodeURIComponent(requestId)}/withdraw`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: travelPlanKeys.allMatches() }),
  });
}
