import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Package, PackageDraft, PackageStatusGroup } from '#shared/packages.ts';
import { packageKeys, packageQueries } from '#web/api/packages.ts';
import { paymentKeys } from '#web/api/payments.ts';
import { http } from '#web/lib/http.ts';
import { packageMutationKeys } from './package-keys.ts';

const path = (id: string) => `/api/packages/${encodeURIComponent(id)}`;

/** A changed package: its page shows the new state at once, and every list refetches when next shown. */
export async function afterPackageChange(client: QueryClient, pkg: Package) {
  client.setQueryData(packageKeys.detail(pkg.id), pkg);
  await client.invalidateQueries({ queryKey: packageKeys.lists() });
}

/** GET /api/packages/{id}: everything for its sender (and admins), the public part for other members. */
export function usePackage(id: string | null) {
  return useQuery({ ...packageQueries.detail(id ?? ''), enabled: id !== null });
}

/** GET /api/packages?role=sender&group=…&q=…: my packages in one tab, a page at a time. */
export function useMyPackages(group: PackageStatusGroup, q: string) {
  return useInfiniteQuery({
    ...packageQueries.pages({ role: 'sender', group, q: q || undefined }),
    // While a new search loads, the list keeps showing the last answer instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** POST /api/packages: a new draft (only its title is needed). */
export function useCreatePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.create(),
    mutationFn: (draft: PackageDraft & { title: string }) =>
      http<Package>('/api/packages', { method: 'POST', body: draft }),
    onSuccess: (pkg) => afterPackageChange(client, pkg),
  });
}

/** PATCH /api/packages/{id} with only the fields given (drafts only). */
export function useUpdatePackage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.update(id),
    mutationFn: (changes: PackageDraft) => http<Package>(path(id), { method: 'PATCH', body: changes }),
    onSuccess: (pkg) => afterPackageChange(client, pkg),
  });
}

/** DELETE /api/packages/{id}: a draft disappears, with its photos. */
export function useDeletePackage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.remove(id),
    mutationFn: async () => {
      await http(path(id), { method: 'DELETE' });
    },
    onSuccess: async () => {
      client.removeQueries({ queryKey: packageKeys.one(id) });
      await client.invalidateQueries({ queryKey: packageKeys.lists() });
    },
  });
}

/** POST /api/packages/{id}/cancel: the sender calls a package off (a paid one is refunded per the policy); it stays, cancelled, in the timeline. */
export function useCancelPackage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: packageMutationKeys.cancel(id),
    mutationFn: () => http<Package>(`${path(id)}/cancel`, { method: 'POST', body: {} }),
    onSuccess: async (pkg) => {
      // A paid package is refunded as it is cancelled: its payment line changes too.
      await client.invalidateQueries({ queryKey: paymentKeys.latest(id) });
      await afterPackageChange(client, pkg);
    },
  });
}
