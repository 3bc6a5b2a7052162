import { useQuery } from '@tanstack/react-query';
import type { PackageStatus } from '#shared/package-status.ts';
import { PACKAGE_LIMITS } from '#shared/packages.ts';
import { packageQueries } from '#web/api/packages.ts';
import { travelPlanQueries } from '#web/api/travel-plans.ts';
import { activeSentStatuses } from '../lib/packages-and-trips.ts';

/** The dashboard shows a first page of each; "see all" leads to the full lists. */
export const SENT_SHOWN = 10;
export const TRIPS_SHOWN = 5;
/** Drafts are only counted, from one page of the largest size the API allows. */
const DRAFTS_COUNTED = PACKAGE_LIMITS.pageSizeMax;

function sentPackages(statuses: readonly PackageStatus[], limit: number) {
  return packageQueries.list({ role: 'sender', status: statuses.join(','), limit });
}

/** GET /api/packages?role=sender&status=open,matched,in_transit,delivered,disputed: the first page. */
export function useActiveSentPackages() {
  return useQuery(sentPackages(activeSentStatuses, SENT_SHOWN));
}

/** GET /api/packages?role=sender&status=draft, to count my drafts. */
export function useDraftCount() {
  return useQuery({
    ...sentPackages(['draft'], DRAFTS_COUNTED),
    select: (page) => ({ count: page.items.length, more: page.nextCursor !== null }),
  });
}

/** GET /api/travel-plans?status=active: my next trips, soonest departure first. */
export function useActiveTrips() {
  return useQuery(travelPlanQueries.list({ status: 'active', limit: TRIPS_SHOWN }));
}
