import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
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

/** POST /api/requests/{id}/accept | decline | withdraw: the answer changes every list it is in. */
function useAnswer(action: RequestAction) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: requestMutationKeys[action](),
    mutationFn: (id: string) =>
      http<PackageRequest>(`/api/requests/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
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

export const useAcceptRequest = () => useAnswer('accept');
export const useDeclineRequest = () => useAnswer('decline');
export const useWithdrawRequest = () => useAnswer('withdraw');

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
