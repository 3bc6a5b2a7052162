import { Send } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicTripCard as Trip } from '#shared/browse.ts';
import { transportLabel } from '#shared/travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { RouteText } from '#web/components/ui/package-summary.tsx';
import { formatDateTime, formatKg, formatKm } from '#web/lib/format.ts';
import { useReading } from '#web/lib/reading.ts';
import { MemberLine } from './member-line.tsx';

/**
 * An upcoming trip as a stranger sees it: the cities, when, how, the room left, and its traveler's
 * first name, rating and whether verified. The action leads to the trip's page, where a member
 * invites it for one of their packages and a visitor signs up first.
 */
export function PublicTripCard({ trip }: { trip: Trip }) {
  const reading = useReading();
  const name = `${trip.origin.city} to ${trip.destination.city}`;
  return (
    <article aria-label={`Trip from ${name}, ${formatDateTime(trip.departureAt, reading)}`} className="h-full">
      <Card className="flex h-full flex-col gap-4 p-5">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">
            <RouteText from={trip.origin} to={trip.destination} />
          </h3>
          <p className="text-sm text-slate-600">
            {trip.origin.label} → {trip.destination.label} · {formatKm(trip.distanceKm, reading)}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">Leaves</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={trip.departureAt}>{formatDateTime(trip.departureAt, reading)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Arrives</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={trip.arrivalAt}>{formatDateTime(trip.arrivalAt, reading)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">By</dt>
            <dd className="font-medium text-slate-900">{transportLabel[trip.transport]}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Room left</dt>
            <dd className="font-medium text-slate-900">{formatKg(trip.freeCapacityKg, reading)}</dd>
          </div>
        </dl>
        <MemberLine lead="Travelling:" member={trip.traveler} verified={trip.traveler.verified} />
        <div className="mt-auto">
          <Button asChild variant="secondary">
            <Link to={`/trips/${trip.id}#invite`} aria-label={`Ask ${trip.traveler.firstName} to carry: ${name}`}>
              <Send aria-hidden="true" className="size-4" />
              Ask {trip.traveler.firstName} to carry
            </Link>
          </Button>
        </div>
      </Card>
    </article>
  );
}
