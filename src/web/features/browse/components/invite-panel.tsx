import { Send, UserPlus } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { PublicTripCard } from '#shared/browse.ts';
import { withRedirect } from '#shared/onboarding.ts';
import { MatchRequestControl } from '#web/components/request-message-dialog/match-request-control.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { RouteText } from '#web/components/ui/package-summary.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { describeError, errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDate } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.ts';
import { useInviteTrip, useMyPackagesFor, useWithdrawInvite } from '../api/invites.ts';
import { SEND_TARGET } from '../lib/links.ts';

/**
 * "Ask {traveler} to carry" on a trip's page, where a listing's card leads (`#invite`): for a
 * visitor, sign-up that comes back here; for a member, their open packages that fit the trip, each
 * with the invitation (or the request already pending), or sending a package when none fits
 * (docs/product.md §3.4).
 */
export function InvitePanel({ trip }: { trip: PublicTripCard }) {
  const session = useSession();
  const me = session.data;
  const location = useLocation();
  const packages = useMyPackagesFor(trip.id, { enabled: Boolean(me) });
  const invite = useInviteTrip(trip.id);
  const withdraw = useWithdrawInvite(trip.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const name = trip.traveler.firstName;

  useEffect(() => {
    if (location.hash !== '#invite') return;
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [location.hash]);

  const here = `/trips/${trip.id}#invite`;
  let body: ReactNode;
  if (session.isPending) {
    body = <Spinner label="Loading" />;
  } else if (!me) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">
          Create an account to invite {name} to carry your package on this trip. You come back here once you are in.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={withRedirect('/auth/register', here)}>
              <UserPlus aria-hidden="true" className="size-4" />
              Create an account
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={withRedirect('/auth/login', here)}>Sign in</Link>
          </Button>
        </div>
      </div>
    );
  } else if (packages.isPending) {
    body = <Spinner label="Looking for your packages that fit" />;
  } else if (packages.isError) {
    body = (
      <ErrorState title="We couldn't look for your packages" headingLevel={3} onRetry={() => void packages.refetch()}>
        {errorMessage(packages.error)}
      </ErrorState>
    );
  } else if (packages.data.items.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">
          None of your open packages fits this trip: it must be ready near {trip.origin.city} before the trip leaves,
          due near {trip.destination.city} after it arrives, and weigh at most the room left. Post one, and invite{' '}
          {name} from its traveler search once it is published.
        </p>
        <Button asChild>
          <Link to={SEND_TARGET}>
            <Send aria-hidden="true" className="size-4" />
            Send a package
          </Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ul aria-label="Your packages that fit" className="flex flex-col gap-3">
        {packages.data.items.map(({ package: pkg, pendingRequest }) => (
          <li
            key={pkg.id}
            className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-medium text-slate-900">{pkg.title}</p>
              <p className="text-sm text-slate-600">
                <RouteText from={pkg.pickup} to={pkg.dropoff} />
                {pkg.deliverBy ? ` · deliver by ${formatDate(pkg.deliverBy)}` : ''}
              </p>
            </div>
            <MatchRequestControl
              pendingRequest={pendingRequest}
              otherSide="traveler"
              otherName={name}
              describeError={(err) => describeError(err).message}
              theirs={{ badge: 'They offered', text: `${name} offered to carry it.` }}
              mine={{
                badge: 'Invitation sent',
                withdrawLabel: `Withdraw your invitation for ${pkg.title}`,
                confirmTitle: 'Withdraw your invitation?',
                confirmDescription: `${name} will no longer be able to accept it.`,
                withdrawnToast: 'Invitation withdrawn.',
                withdraw: (requestId) => withdraw.mutateAsync(requestId),
              }}
              start={{
                icon: Send,
                label: 'Invite',
                ariaLabel: `Invite ${name} to carry ${pkg.title}`,
                title: `Invite ${name} to carry “${pkg.title}”`,
                description: `${name} is asked to carry it on this trip. If they accept, the package is theirs to carry and its reward is held for them until delivery.`,
                messageHint: 'Say hello, and when and where the pickup would suit you.',
                sendLabel: 'Send invitation',
                sentToast: `Invitation sent to ${name}.`,
                ...(typeof pkg.reward === 'number' ? { reward: { posted: pkg.reward, currency: pkg.currency } } : {}),
                send: (message, reward) =>
                  invite.mutateAsync({ packageId: pkg.id, travelPlanId: trip.id, message, reward }),
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="invite" className="mb-4">
      <Card className="flex flex-col gap-4 p-5">
        <h2 id="invite" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Ask {name} to carry your package
        </h2>
        {body}
      </Card>
    </section>
  );
}
