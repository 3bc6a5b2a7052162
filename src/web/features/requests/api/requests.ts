import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartPaymentResponse } from '#shared/payments.ts';
import type { Invite, PackageRequest, RequestAction } from '#shared/requests.ts';
import { packageKeys } from '#web/api/packages.ts';
import { requestKeys, requestQueries } from '#web/api/requests.ts';
import { http } from '#web/lib/http.ts';
import { requestMutationKeys } from './request-keys.ts';

export type RequestDirection = PackageRequest['direction'];

const PAGE_SIZE = 20;

/** GET /api/requests?direction=…: my incoming or outgoing requests, newest first, a page at a time. */
export function useRequests(direction: RequestDirection) {
  return useInfiniteQuery(requestQueries.pages({ direction, limit: PAGE_SIZE }));
}

/**
 * POST /api/requests/{id}/accept | counter | decline | withdraw: the answer changes every list it is
 * in. Accept sends the reward I saw, counter the one I propose.
 */
function useAnswer<Variables extends string | { id: string; reward: number }>(action: RequestAction) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: requestMutationKeys[action](),
    mutationFn: (variables: Variables) =>
      typeof variables === 'string'
        ? http<PackageRequest>(`/api/requests/${encodeURIComponent(variables)}/${action}`, { method: 'POST' })
        : http<PackageRequest>(`/api/requests/${encodeURIComponent(variables.id)}/${action}`, {
            method: 'POST',
            body: { reward: variables.reward },
          }),
    // Accepting declines the package's other requests, so every list refetches, not only this item;
    // so do the package (matched now) and the travelers' cards, which show the pending request.
    onSuccess: (request) =>
      Promise.all([
        client.invalidateQueries({ queryKey: requestKeys.all }),
        client.invalidateQueries({ queryKey: packageKeys.one(request.package.id) }),
        client.invalidateQueries({ queryKey: packageKeys.lists() }),
      ]),
  });
}

export const useAcceptRequest = () => useAnswer<{ id: string; reward: number }>('accept');
export const useCounterRequest = () => useAnswer<{ id: string; reward: number }>('counter');
export const useDeclineRequest = () => useAnswer<string>('decline');
export const useWithdrawRequest = () => useAnswer<string>('withdraw');

/**
 * POST /api/requests/{id}/top-up, then off to the provider's checkout for the difference of a reward
 * agreed above the one paid (a full page load: it may be another site). A second click reuses it.
 */
export function usePayDifference() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: requestMutationKeys.pay_difference(),
    mutationFn: (id: string) =>
      http<StartPaymentResponse>(`/api/requests/${encodeURIComponent(id)}/top-up`, { method: 'POST' }),
    onSuccess: ({ url }) => window.location.assign(url),
    // Ended meanwhile (withdrawn, another traveler matched): the lists say so once re-read.
    onError: () => client.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** POST /api/requests/invites: the sender invites a traveler's trip for their open package. */
export function useInviteTraveler() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: requestMutationKeys.invite(),
    mutationFn: (invite: Invite) => http<PackageRequest>('/api/requests/invites', { method: 'POST', body: invite }),
    // Awaited, so the traveler's card already says "Invitation sent" when the dialog closes.
    onSuccess: (_request, invite) =>
      Promise.all([
        client.invalidateQueries({ queryKey: requestKeys.lists() }),
        client.invalidateQueries({ queryKey: packageKeys.matchesOf(invite.packageId) }),
      ]),
  });
}
