import type { Package } from '#shared/packages.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { PackageSummaryCard, routeLine } from '#web/components/ui/package-summary.tsx';

/** The sender's package being matched: title, route, window and weight. */
export function PackageToMatch({ pkg }: { pkg: Package }) {
  return (
    <PackageSummaryCard
      pkg={pkg}
      eyebrow="Your package"
      headingAs="p"
      route={routeLine(pkg, { missing: 'Route not given yet' })}
      badge={<PackageStatusBadge status={pkg.status} />}
      facts={['pickupFrom', 'deliverBy', 'weight']}
      factColumns={3}
    />
  );
}
