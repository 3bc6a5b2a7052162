import { HandHelping, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { PublicPackage } from '#shared/packages.ts';
import { MatchRequestControl } from '#web/components/request-message-dialog/match-request-control.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { RouteText } from '#web/components/ui/package-summary.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { describeError, errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.ts';
import { useMyTripsFor, useOfferFromPackage, useWithdrawFromPackage } from '../api/offers.ts';
import { VerificationNotice } from './verification-notice.tsx';

/**
 * "Offer to carry" on an open package's page, for a member who is not its sender: their trips that
 * fit it, each with the offer (or the request already pending); none, a trip to add for this route
 * that brings them back here; not verified yet, what is missing. Where a listing's card leads
 * (`#offer`), through sign-up and onboarding for a visitor (docs/product.md §3.4).
 */
export function OfferPanel({ pkg }: { pkg: PublicPackage }) {
  const me = useSession().data;
  const location = useLocation();
  const verified = Boolean(me?.verifiedProfile);
  const trips = useMyTripsFor(pkg.id, { enabled: verified });
  const offer = useOfferFromPackage(pkg.id);
  const withdraw = useWithdrawFromPackage(pkg.id);
  const heading = useRef<HTMLHeadingElement>(null);

  // Arriving from a listing's card (#offer), the panel is what the member came for.
  useEffect(() => {
    if (location.hash !== '#offer') return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [location.hash]);

  const here = `/user/packages/${pkg.id}#offer`;
  const addTrip = `/user/packages/carry-a-package?${new URLSearchParams({
    from: pkg.pickup?.city ?? '',
    to: pkg.dropoff?.city ?? '',
    // Not `redirect`: that one the app follows at once for a signed-in member.
    returnTo: here,
  })}`;

  let body: ReactNode;
  if (!verified) {
    body = <VerificationNotice purpose="carry" />;
  } else if (trips.isPending) {
    body = <Spinner label="Looking for your trips that fit" />;
  } else if (trips.isError) {
    body = (
      <ErrorState title="We couldn't look for your trips" headingLevel={3} onRetry={() => void trips.refetch()}>
        {errorMessage(trips.error)}
      </ErrorState>
    );
  } else if (trips.data.items.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">
          None of your trips can carry it yet: a trip must leave near {pkg.pickup?.city ?? 'the pickup'} after it is
          ready, arrive near {pkg.dropoff?.city ?? 'the drop-off'} in time, and have room for it.
        </p>
        <Button asChild>
          <Link to={addTrip}>
            <Plus aria-hidden="true" className="size-4" />
            Add a trip for this route
          </Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Your trips that fit" className="flex flex-col gap-3">
        {trips.data.items.map(({ travelPlan: trip, pendingRequest }) => (
          <li
            key={trip.id}
            className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-medium text-slate-900">
                <RouteText from={trip.origin} to={trip.destination} />
              </p>
              <p className="text-sm text-slate-600">
                Leaves <time dateTime={trip.departureAt}>{formatDateTime(trip.departureAt)}</time> ·{' '}
                {formatKg(trip.freeCapacityKg)} free
              </p>
            </div>
            <MatchRequestControl
              pendingRequest={pendingRequest}
              otherSide="sender"
              otherName={pkg.sender.name}
              describeError={(err) => describeError(err).message}
              theirs={{ badge: 'They invited you', text: `${pkg.sender.name} invited you to carry it.` }}
              mine={{
                badge: 'Offer sent',
                withdrawLabel: `Withdraw your offer for ${pkg.title}`,
                confirmTitle: 'Withdraw your offer?',
                confirmDescription: `${pkg.sender.name} will no longer be able to accept it. You can offer again while “${pkg.title}” is open.`,
                withdrawnToast: 'Offer withdrawn.',
                withdraw: (requestId) => withdraw.mutateAsync(requestId),
              }}
              start={{
                icon: HandHelping,
                label: 'Offer to carry',
                ariaLabel: `Offer to carry ${pkg.title} on your trip leaving ${formatDateTime(trip.departureAt)}`,
                title: `Offer to carry “${pkg.title}”`,
                description: `${pkg.sender.name} is asked to let you carry it on this trip. If they accept, the package is yours to carry, its reward is held for you until delivery, and the space is taken from your free capacity.`,
                messageHint: 'Say hello, and when and where the pickup would suit you.',
                sendLabel: 'Send offer',
                sentToast: `Offer sent to ${pkg.sender.name}.`,
                ...(typeof pkg.reward === 'number' ? { reward: { posted: pkg.reward, currency: pkg.currency } } : {}),
                send: (message, reward) =>
                  offer.mutateAsync({ packageId: pkg.id, travelPlanId: trip.id, message, reward }),
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="offer" className="mb-4">
      <Card className="flex flex-col gap-4 p-5">
        <h2 id="offer" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Offer to carry it
        </h2>
        {body}
      </Card>
    </section>
  );
}
