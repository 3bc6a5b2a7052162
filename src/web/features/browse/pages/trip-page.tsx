import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { transportLabel } from '#shared/travel-plans.ts';
import { browseQueries } from '#web/api/browse.ts';
import { RouteMap } from '#web/components/route-map/route-map.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { RouteText } from '#web/components/ui/package-summary.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { useReading } from '#web/lib/reading.ts';
import { InvitePanel } from '../components/invite-panel.tsx';
import { MemberLine } from '../components/member-line.tsx';

/** /trips/{id}: an upcoming trip as anyone may see it, with the way to ask its traveler to carry (docs/product.md §3.4). */
export default function TripPage() {
  // The router has already turned a malformed id into its 404 page.
  const { id = '' } = useParams();
  const trip = useQuery(browseQueries.trip(id));
  // Drawn by the server for a visitor, with the trip (ADR 0065).
  const reading = useReading();

  if (trip.isPending) return <PageSpinner label="Loading the trip" />;
  if (trip.isError) {
    if (errorStatus(trip.error) === 404) {
      return (
        <>
          <PageHeader />
          <EmptyState
            title="This trip is no longer listed"
            action={
              <Button asChild>
                <Link to="/trips">See other trips</Link>
              </Button>
            }
          >
            It has left, is full, or its traveler cancelled it.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load this trip" onRetry={() => void trip.refetch()}>
          Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  const t = trip.data;
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          <RouteText from={t.origin} to={t.destination} />
        </h1>
        <p className="mt-1 text-slate-600">
          {t.origin.label} → {t.destination.label}
        </p>
      </div>
      <InvitePanel trip={t} />
      <div className="grid gap-4 lg:grid-cols-3">
        <Card className="flex flex-col gap-4 p-5 lg:col-span-2">
          <RouteMap
            from={{ ...t.origin, lat: t.origin.lat ?? 0, lng: t.origin.lng ?? 0 }}
            to={{ ...t.destination, lat: t.destination.lat ?? 0, lng: t.destination.lng ?? 0 }}
          />
        </Card>
        <Card className="p-5">
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-slate-600">Leaves</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={t.departureAt}>{formatDateTime(t.departureAt, reading)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Arrives</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={t.arrivalAt}>{formatDateTime(t.arrivalAt, reading)}</time>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">By</dt>
              <dd className="font-medium text-slate-900">{transportLabel[t.transport]}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Room left</dt>
              <dd className="font-medium text-slate-900">{formatKg(t.freeCapacityKg, reading)}</dd>
            </div>
          </dl>
          <div className="mt-4">
            <MemberLine lead="Travelling:" member={t.traveler} verified={t.traveler.verified} />
          </div>
        </Card>
      </div>
    </>
  );
}
