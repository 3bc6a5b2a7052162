import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { packageQueries } from '#web/api/packages.ts';

const PAGE_SIZE = 10;

/** GET /api/packages/{id}: the package a sender is finding a traveler for (the same entry as its page's). */
export function usePackageToMatch(id: string) {
  return useQuery(packageQueries.detail(id));
}

/** GET /api/packages?role=sender&status=open: my published packages, the ones travelers can be found for. */
export function useMyOpenPackages(options: { enabled: boolean }) {
  return useQuery({ ...packageQueries.list({ role: 'sender', status: 'open', limit: 20 }), enabled: options.enabled });
}

/** GET /api/packages/{id}/matches: active trips that fit my open package, best first, page by page. */
export function useTravelerMatches(packageId: string, radiusKm: number, options: { enabled: boolean }) {
  return useInfiniteQuery({ ...packageQueries.matches(packageId, radiusKm, PAGE_SIZE), enabled: options.enabled });
}
