import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invite, PackageRequest } from '#shared/requests.ts';
import { travelPlanKeys, travelPlanQueries } from '#web/api/travel-plans.ts';
import { http } from '#web/lib/http.ts';

// Inviting a trip found in the listings: the member's open packages that fit it, and the invitation.

export function useMyPackagesFor(planId: string, options: { enabled: boolean }) {
  return useQuery({ ...travelPlanQueries.myPackages(planId), enabled: options.enabled });
}

/** POST /api/requests/invites, then the packages show the pending invitation. */
export function useInviteTrip(planId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invite: Invite) => http<PackageRequest>('/api/requests/invites', { method: 'POST', body: invite }),
    onSuccess: () => client.invalidateQueries({ queryKey: travelPlanKeys.myPackages(planId) }),
  });
}

/** POST /api/requests/{id}/withdraw: take the invitation back. */
export function useWithdrawInvite(planId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      http<PackageRequest>(`/api/requests/${encodeURIComponent(requestId)}/withdraw`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: travelPlanKeys.myPackages(planId) }),
  });
}
