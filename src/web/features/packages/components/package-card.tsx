import { Package as PackageIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import type { PackageSummary } from '#shared/packages.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatDate } from '#web/lib/format.ts';
import { RouteText } from './route-text.tsx';

/** One of my packages in a list: the whole card opens its page. */
export function PackageCard({ pkg }: { pkg: PackageSummary }) {
  const dates = [
    pkg.pickupFrom ? `Pickup from ${formatDate(pkg.pickupFrom)}` : null,
    pkg.deliverBy ? `deliver by ${formatDate(pkg.deliverBy)}` : null,
  ].filter(Boolean);
  return (
    <Card className="relative flex gap-3 p-3 transition-colors focus-within:border-brand-600 hover:border-brand-600 sm:gap-4 sm:p-4">
      {pkg.photo ? (
        <img
          src={pkg.photo.url}
          alt=""
          className="size-16 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover sm:size-20"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500 sm:size-20"
        >
          <PackageIcon className="size-6" />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 className="min-w-0 break-words font-semibold text-slate-900">
            {/* The link's box covers the card, so the whole card is one target and one tab stop. */}
            <Link
              to={`/user/packages/${pkg.id}`}
              className="after:absolute after:inset-0 after:rounded-lg hover:text-brand-800 focus-visible:outline-none"
            >
              {pkg.title}
            </Link>
          </h3>
          <PackageStatusBadge status={pkg.status} />
        </div>
        <p className="text-sm text-slate-700">
          <RouteText from={pkg.pickup} to={pkg.dropoff} />
        </p>
        {dates.length > 0 ? <p className="text-sm text-slate-600">{dates.join(', ')}</p> : null}
        <p className="text-sm text-slate-700">
          {pkg.reward === null ? (
            'No reward set yet'
          ) : (
            <>
              Reward {formatMoney(pkg.reward, pkg.currency)}
              {pkg.total === null ? null : <> · you pay {formatMoney(pkg.total, pkg.currency)}</>}
            </>
          )}
        </p>
      </div>
    </Card>
  );
}
