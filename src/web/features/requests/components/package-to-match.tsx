import type { Package } from '#shared/packages.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatDate, formatKg } from '#web/lib/format.ts';

/** The sender's package being matched: title, route, window and weight. */
export function PackageToMatch({ pkg }: { pkg: Package }) {
  return (
    <section aria-labelledby="your-package-title">
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p id="your-package-title" className="text-sm font-medium text-slate-600">
                Your package
              </p>
              <CardTitle as="p" className="mt-0.5 break-words">
                {pkg.title}
              </CardTitle>
            </div>
            <PackageStatusBadge status={pkg.status} />
          </div>
          <p className="text-sm break-words text-slate-700">
            {pkg.pickup && pkg.dropoff ? `${pkg.pickup.label} → ${pkg.dropoff.label}` : 'Route not given yet'}
          </p>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-600">Pickup from</dt>
              <dd className="font-medium">
                {pkg.pickupFrom ? <time dateTime={pkg.pickupFrom}>{formatDate(pkg.pickupFrom)}</time> : '—'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Deliver by</dt>
              <dd className="font-medium">
                {pkg.deliverBy ? <time dateTime={pkg.deliverBy}>{formatDate(pkg.deliverBy)}</time> : '—'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Weight</dt>
              <dd className="font-medium">{pkg.weightKg === null ? '—' : formatKg(pkg.weightKg)}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </section>
  );
}
