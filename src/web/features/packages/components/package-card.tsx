import type { PackageSummary } from '#shared/packages.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { PackageSummaryCard, RouteText } from '#web/components/ui/package-summary.tsx';

/** One of my packages in a list: the whole card opens its page. */
export function PackageCard({ pkg }: { pkg: PackageSummary }) {
  return (
    <PackageSummaryCard
      pkg={pkg}
      href={`/user/packages/${pkg.id}`}
      compact
      thumbnail="photo-or-icon"
      route={<RouteText from={pkg.pickup} to={pkg.dropoff} />}
      badge={<PackageStatusBadge status={pkg.status} />}
    />
  );
}
