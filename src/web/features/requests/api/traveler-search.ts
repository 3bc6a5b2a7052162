import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TravelerMatchPage } from '#shared/matching.ts';
import type { PackagePage, PackageView } from '#shared/packages.ts';
import { http } from '#web/lib/http.ts';
import { requestKeys } from './request-keys.ts';

const PAGE_SIZE = 10;

/** GET /api/packages/{id}: the package a sender is finding a traveler for. */
export function usePackageToMatch(id: string) {
  return useQuery({
    queryKey: requestKeys.package(id),
    queryFn: ({ signal }) => http<PackageView>(`/api/packages/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/packages?role=sender&status=open: my published packages, the ones travelers can be found for. */
export function useMyOpenPackages(options: { enabled: boolean }) {
  return useQuery({
    queryKey: requestKeys.myOpenPackages(),
    queryFn: ({ signal }) =>
      http<PackagePage>('/api/packages', { query: { role: 'sender', status: 'open', limit: 20 }, signal }),
    enabled: options.enabled,
  });
}

/** GET /api/packages/{id}/matches: active trips that fit my open package, best first, page by page. */
export function useTravelerMatches(packageId: string, radiusKm: number, options: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: requestKeys.travelerMatches(packageId, radiusKm),
    queryFn: ({ pageParam, signal }) =>
      http<TravelerMatchPage>(`/api/packages/${encodeURIComponent(packageId)}/matches`, {
        query: { radiusKm, limit: PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: options.enabled,
    // A new radius keeps the old cards on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}
