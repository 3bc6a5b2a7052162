import { CircleCheck, CircleDashed, Star } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { TravelerMatch } from '#shared/matching.ts';
import type { Currency } from '#shared/money.ts';
import { transportLabel } from '#shared/travel-plans.ts';
import { ReliabilityLine } from '#web/components/member/reliability.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { formatDateTime, formatKg, formatKm } from '#web/lib/format.ts';
import { InviteButton } from './invite-button.tsx';
import { TravelerAvatar } from './traveler-avatar.tsx';

const ratingFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * A traveler whose active trip fits my package: who they are (profile, checks, rating), their trip,
 * how far out of their way my pickup and drop-off lie, and "Invite" (or the request pending between
 * us).
 */
export function SearchTravelerCard({
  match,
  packageId,
  reward,
}: {
  match: TravelerMatch;
  packageId: string;
  /** The package's reward: the invitation may propose another (docs/product.md §4.5). */
  reward?: { posted: number; currency: Currency };
}) {
  const nameId = useId();
  const { traveler, travelPlan: trip, distances } = match;
  return (
    <article aria-labelledby={nameId} className="h-full">
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-center gap-3">
          <TravelerAvatar name={traveler.name} image={traveler.image} />
          <div className="min-w-0 flex-1">
            <h3 id={nameId} className="text-lg leading-tight font-semibold break-words">
              <Link
                to={`/user/view/${traveler.id}`}
                className="text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {traveler.name}
              </Link>
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              {traveler.verified ? (
                <Badge variant="success">
                  <CircleCheck aria-hidden="true" className="size-3.5" />
                  Verified
                </Badge>
              ) : (
                <Badge variant="neutral">
                  <CircleDashed aria-hidden="true" className="size-3.5" />
                  Not verified
                </Badge>
              )}
              {traveler.rating ? (
                <span className="inline-flex items-center gap-1">
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                  {ratingFormat.format(traveler.rating.average)} out of 5 ({traveler.rating.count}{' '}
                  {traveler.rating.count === 1 ? 'review' : 'reviews'})
                </span>
              ) : (
                <span>No reviews yet</span>
              )}
            </div>
            <ReliabilityLine reliability={traveler.reliability} className="mt-1 text-sm text-slate-600" />
          </div>
        </div>

        <div>
          <p className="font-medium break-words text-slate-900">
            {trip.origin.label} → {trip.destination.label}
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-slate-600">Departure</dt>
              <dd className="font-medium">
                <time dateTime={trip.departureAt}>{formatDateTime(trip.departureAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Arrival</dt>
              <dd className="font-medium">
                <time dateTime={trip.arrivalAt}>{formatDateTime(trip.arrivalAt)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Transport</dt>
              <dd className="font-medium">{transportLabel[trip.transport]}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Free capacity</dt>
              <dd className="font-medium">{formatKg(trip.freeCapacityKg)}</dd>
            </div>
          </dl>
        </div>

        <dl className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">From their origin to your pickup</dt>
            <dd className="font-medium">{formatKm(distances.pickupKm)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">From your drop-off to their destination</dt>
            <dd className="font-medium">{formatKm(distances.dropoffKm)}</dd>
          </div>
        </dl>

        <div className="mt-auto">
          <InviteButton
            packageId={packageId}
            {...(reward ? { reward } : {})}
            travelPlanId={trip.id}
            travelerName={traveler.name}
            route={`${trip.origin.city} → ${trip.destination.city}`}
            pendingRequest={match.pendingRequest}
          />
        </div>
      </Card>
    </article>
  );
}
