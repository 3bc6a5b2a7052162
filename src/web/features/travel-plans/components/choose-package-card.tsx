import { Star } from 'lucide-react';
import type { PackageMatch } from '#shared/matching.ts';
import { reliabilityLine } from '#web/components/member/reliability.tsx';
import { PackageSummaryCard } from '#web/components/ui/package-summary.tsx';
import { formatKm } from '#web/lib/format.ts';
import { OfferButton } from './offer-button.tsx';

const ratingFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * An open package that fits my trip: where and when, how big, the reward, and how far I go out of my
 * way for it (from my origin to its pickup, from its drop-off to my destination). Opens the package
 * page; "Offer to carry" offers this trip for it, unless a request between us is pending already.
 */
export function ChoosePackageCard({ match, planId }: { match: PackageMatch; planId: string }) {
  const { package: pkg, sender, distances } = match;
  return (
    <PackageSummaryCard
      pkg={pkg}
      href={`/user/packages/${pkg.id}`}
      thumbnail="photo"
      rewardAside
      facts={['pickupFrom', 'deliverBy', 'size', 'weight']}
      actions={
        <OfferButton
          packageId={pkg.id}
          packageTitle={pkg.title}
          planId={planId}
          senderName={sender.name}
          pendingRequest={match.pendingRequest}
        />
      }
    >
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
        <span aria-hidden="true">·</span>
        <span>{reliabilityLine(sender.reliability)}</span>
      </p>
    </PackageSummaryCard>
  );
}
