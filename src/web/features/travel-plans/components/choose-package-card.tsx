import { Star } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { PackageMatch } from '#shared/matching.ts';
import { formatMoney } from '#shared/money.ts';
import { packageSizeDimensions } from '#shared/packages.ts';
import { Card } from '#web/components/ui/card.tsx';
import { formatDate, formatKg, formatKm } from '#web/lib/format.ts';
import { OfferButton } from './offer-button.tsx';

const ratingFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * An open package that fits my trip: where and when, how big, the reward, and how far I go out of my
 * way for it (from my origin to its pickup, from its drop-off to my destination). Opens the package
 * page; "Offer to carry" offers this trip for it, unless a request between us is pending already.
 */
export function ChoosePackageCard({ match, planId }: { match: PackageMatch; planId: string }) {
  const titleId = useId();
  const { package: pkg, sender, distances } = match;
  const route = pkg.pickup && pkg.dropoff ? `${pkg.pickup.label} → ${pkg.dropoff.label}` : 'Route not given';
  return (
    <article aria-labelledby={titleId} className="h-full">
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start gap-4">
          {pkg.photo ? (
            <img
              src={pkg.photo.url}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-md bg-slate-100 object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="text-lg leading-tight font-semibold break-words">
              <Link
                to={`/user/packages/${pkg.id}`}
                className="text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {pkg.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm break-words text-slate-700">{route}</p>
          </div>
          <p className="shrink-0 text-right">
            <span className="block text-xs text-slate-600">Reward</span>
            <span className="text-lg font-bold text-slate-900">
              {pkg.reward === null ? '—' : formatMoney(pkg.reward, pkg.currency)}
            </span>
          </p>
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
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
            <dt className="text-slate-600">Size</dt>
            <dd className="font-medium">
              {pkg.size ? (
                <>
                  {pkg.size} <span className="font-normal text-slate-600">({packageSizeDimensions[pkg.size]})</span>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Weight</dt>
            <dd className="font-medium">{pkg.weightKg === null ? '—' : formatKg(pkg.weightKg)}</dd>
          </div>
        </dl>

        <dl className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">From your origin to the pickup</dt>
            <dd className="font-medium">{formatKm(distances.pickupKm)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">From the drop-off to your destination</dt>
            <dd className="font-medium">{formatKm(distances.dropoffKm)}</dd>
          </div>
        </dl>

        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <span>
            Sent by <span className="font-medium text-slate-900">{sender.name}</span>
          </span>
          <span aria-hidden="true">·</span>
          {sender.rating ? (
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
              {ratingFormat.format(sender.rating.average)} out of 5 ({sender.rating.count}{' '}
              {sender.rating.count === 1 ? 'review' : 'reviews'})
            </span>
          ) : (
            <span>No reviews yet</span>
          )}
        </p>

        <div className="mt-auto">
          <OfferButton
            packageId={pkg.id}
            packageTitle={pkg.title}
            planId={planId}
            senderName={sender.name}
            pendingRequest={match.pendingRequest}
          />
        </div>
      </Card>
    </article>
  );
}
