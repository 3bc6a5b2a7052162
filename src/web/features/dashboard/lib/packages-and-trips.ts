import type { PackageStatus } from '#shared/package-status.ts';
import type { PackageSummary } from '#shared/packages.ts';
import type { PackageRequest } from '#shared/requests.ts';
import type { Transport, TravelPlan } from '#shared/travel-plans.ts';

// "My active packages and trips" on the dashboard: what I send that is still going
// somewhere, what I carry, and the trips I have planned. The lists come from the server as they are
// (last changed first; trips soonest first); this file only decides what each row says and links to.

/**
 * A package I send that still needs someone: waiting for a traveler, or on its way to being
 * completed. Not "completed" (the money has moved; it stays on my-packages), nor a draft (counted apart).
 */
export const activeSentStatuses = [
  'open',
  'matched',
  'in_transit',
  'delivered',
  'disputed',
] as const satisfies readonly PackageStatus[];

/** "Paris → Berlin", or null while a package has no pickup or drop-off yet. */
export function routeText(
  from: { city: string } | null | undefined,
  to: { city: string } | null | undefined,
): string | null {
  return from && to ? `${from.city} → ${to.city}` : null;
}

export const packageHref = (packageId: string) => `/user/packages/${encodeURIComponent(packageId)}`;
export const findTravelerHref = (packageId: string) =>
  `/user/packages/send-a-package/searching-for-traveler?${new URLSearchParams({ package: packageId })}`;
/** The travel-plans feature's "Find packages" for one of my trips (its plan card links the same way). */
export const findPackagesHref = (planId: string) =>
  `/user/packages/carry-a-package/choose-your-package?${new URLSearchParams({ plan: planId })}`;
export const draftsHref = '/user/packages/my-packages?group=drafts';

export interface SentPackageRow {
  id: string;
  title: string;
  status: PackageStatus;
  route: string | null;
  href: string;
  /** Who carries it, or what it waits for. */
  note: string | null;
  /** An open package's way to its traveler. */
  findTravelerHref: string | null;
}

/**
 * My packages as sender, with the name of whoever carries each one, from my accepted requests (the
 * package list does not say who the traveler is). A withdrawn traveler leaves the request withdrawn,
 * so an accepted request names the current one.
 */
export function sentPackageRows(packages: PackageSummary[], accepted: PackageRequest[]): SentPackageRow[] {
  const carrier = new Map<string, string>();
  for (const request of accepted) {
    if (request.status === 'accepted' && request.myRole === 'sender' && !carrier.has(request.package.id)) {
      carrier.set(request.package.id, request.counterpart.name);
    }
  }
  return packages.map((p) => {
    const open = p.status === 'open';
    const name = carrier.get(p.id);
    return {
      id: p.id,
      title: p.title,
      status: p.status,
      route: routeText(p.pickup, p.dropoff),
      href: packageHref(p.id),
      note: open ? 'Waiting for a traveler' : name ? `Carried by ${name}` : null,
      findTravelerHref: open ? findTravelerHref(p.id) : null,
    };
  });
}

export interface CarriedPackageRow {
  id: string;
  title: string;
  status: PackageStatus;
  route: string | null;
  href: string;
  note: string;
}

/** The packages I carry that are still under way (from inProgress()), as rows. */
export function carriedPackageRows(underway: PackageRequest[]): CarriedPackageRow[] {
  return underway
    .filter((r) => r.myRole === 'traveler')
    .map((r) => ({
      id: r.package.id,
      title: r.package.title,
      status: r.package.status,
      route: routeText(r.package.pickup, r.package.dropoff),
      href: packageHref(r.package.id),
      note: `You carry it for ${r.counterpart.name}`,
    }));
}

export interface TripRow {
  id: string;
  route: string;
  departureAt: string;
  arrivalAt: string;
  transport: Transport;
  /**
   * A trip that has left stays active until it has arrived, but can pick nothing up (the server
   * refuses its matches), so it gets no "find packages" link.
   */
  underway: boolean;
  findPackagesHref: string | null;
}

export function tripRows(plans: TravelPlan[], now: Date = new Date()): TripRow[] {
  return plans
    .filter((plan) => plan.status === 'active')
    .map((plan) => {
      const underway = new Date(plan.departureAt).getTime() <= now.getTime();
      return {
        id: plan.id,
        route: `${plan.origin.city} → ${plan.destination.city}`,
        departureAt: plan.departureAt,
        arrivalAt: plan.arrivalAt,
        transport: plan.transport,
        underway,
        findPackagesHref: underway ? null : findPackagesHref(plan.id),
      };
    });
}

/** "1 draft", "3 drafts"; "50 or more drafts" when the page read was full and there are more. */
export function draftCountText(count: number, more: boolean): string {
  if (more) return `${count} or more drafts`;
  return count === 1 ? '1 draft' : `${count} drafts`;
}
