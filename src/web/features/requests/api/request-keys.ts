import type { PackageRequest } from '#shared/requests.ts';

/** Query and mutation keys of the requests feature, from one factory. */
export const requestKeys = {
  all: ['requests'] as const,
  /** A package as its sender sees it while looking for a traveler. */
  package: (id: string) => [...requestKeys.all, 'package', id] as const,
  myOpenPackages: () => [...requestKeys.all, 'my-open-packages'] as const,
  travelerMatchesOf: (packageId: string) => [...requestKeys.all, 'traveler-matches', packageId] as const,
  travelerMatches: (packageId: string, radiusKm: number) =>
    [...requestKeys.travelerMatchesOf(packageId), { radiusKm }] as const,
  /** Every list of requests: an answer changes what each of them shows. */
  lists: () => [...requestKeys.all, 'list'] as const,
  list: (direction: PackageRequest['direction'], status?: string) =>
    [...requestKeys.lists(), { direction, status }] as const,
  accept: () => [...requestKeys.all, 'accept'] as const,
  decline: () => [...requestKeys.all, 'decline'] as const,
  withdraw: () => [...requestKeys.all, 'withdraw'] as const,
  invite: () => [...requestKeys.all, 'invite'] as const,
};
