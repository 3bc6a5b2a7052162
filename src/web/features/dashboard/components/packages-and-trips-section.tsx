import { Plane, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useMatchesUnderWay } from '../api/needs-action.ts';
import { useActiveSentPackages, useActiveTrips, useDraftCount } from '../api/packages-and-trips.ts';
import {
  carriedPackageRows,
  draftCountText,
  draftsHref,
  type SentPackageRow,
  sentPackageRows,
  tripRows,
} from '../lib/packages-and-trips.ts';
import { activityLinkClass, PackageList, TripList } from './activity-lists.tsx';

const SEND = '/user/packages/send-a-package';
const CARRY = '/user/packages/carry-a-package';

/** One part of the section: an h3 and what is under it. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </div>
  );
}

function SeeAll({ to, children }: { to: string; children: ReactNode }) {
  return (
    <div>
      <Button asChild variant="secondary" size="sm">
        <Link to={to}>{children}</Link>
      </Button>
    </div>
  );
}

function Drafts({ drafts }: { drafts: ReturnType<typeof useDraftCount> }) {
  if (drafts.isError) {
    return (
      <p className="text-sm text-slate-700">
        We couldn't count your drafts.{' '}
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => void drafts.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!drafts.data || drafts.data.count === 0) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="dashboard-drafts">
      You also have{' '}
      <Link to={draftsHref} className={activityLinkClass}>
        {draftCountText(drafts.data.count, drafts.data.more)}
      </Link>{' '}
      to finish and pay for.
    </p>
  );
}

function SentPart({
  sent,
  rows,
  drafts,
}: {
  sent: ReturnType<typeof useActiveSentPackages>;
  rows: SentPackageRow[];
  drafts: ReturnType<typeof useDraftCount>;
}) {
  const id = 'dashboard-sent-packages';
  return (
    <Part id={id} title="Packages you send">
      {sent.isError ? (
        <ErrorState title="We couldn't load your packages" headingLevel={3} onRetry={() => void sent.refetch()}>
          Check your connection and try again.
        </ErrorState>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-700">
          None of your packages is on its way.{' '}
          <Link to={SEND} className={activityLinkClass}>
            Send a package
          </Link>
        </p>
      ) : (
        <PackageList rows={rows} labelledBy={id} />
      )}
      <Drafts drafts={drafts} />
      {rows.length > 0 || (drafts.data?.count ?? 0) > 0 ? (
        <SeeAll to="/user/packages/my-packages">
          {sent.data?.nextCursor ? 'See all your packages' : 'All my packages'}
        </SeeAll>
      ) : null}
    </Part>
  );
}

/**
 * Below "needs your action": what I send that is still going somewhere (open, matched, in transit,
 * delivered, in dispute) and my drafts, the packages I carry, and my active trips, each to where it
 * is followed. A first page of each; the full lists are a link away.
 */
export function PackagesAndTripsSection() {
  const sent = useActiveSentPackages();
  const drafts = useDraftCount();
  const trips = useActiveTrips();
  const matches = useMatchesUnderWay();

  const sentRows = sentPackageRows(sent.data?.items ?? [], matches.accepted);
  const carried = carriedPackageRows(matches.underway);
  const tripList = tripRows(trips.data?.items ?? []);

  let body: ReactNode;
  if (sent.isPending || drafts.isPending || trips.isPending || matches.isPending) {
    body = (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your packages and trips" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  } else if (
    sent.isSuccess &&
    drafts.isSuccess &&
    trips.isSuccess &&
    !matches.isError &&
    sentRows.length === 0 &&
    drafts.data.count === 0 &&
    carried.length === 0 &&
    tripList.length === 0
  ) {
    body = (
      <EmptyState
        title="Nothing on the go yet"
        headingLevel={3}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to={SEND}>
                <Send aria-hidden="true" className="size-4" />
                Send a package
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to={CARRY}>
                <Plane aria-hidden="true" className="size-4" />
                Carry a package
              </Link>
            </Button>
          </div>
        }
      >
        The packages you send and carry will show here until they are delivered, and the trips you add until they
        arrive.
      </EmptyState>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <SentPart sent={sent} rows={sentRows} drafts={drafts} />
        {matches.isError ? (
          <Part id="dashboard-carried-packages" title="Packages you carry">
            <ErrorState title="We couldn't load the packages you carry" headingLevel={3} onRetry={matches.refetch}>
              Check your connection and try again.
            </ErrorState>
          </Part>
        ) : carried.length > 0 ? (
          <Part id="dashboard-carried-packages" title="Packages you carry">
            <PackageList rows={carried} labelledBy="dashboard-carried-packages" />
          </Part>
        ) : null}
        <Part id="dashboard-trips" title="Your trips">
          {trips.isError ? (
            <ErrorState title="We couldn't load your trips" headingLevel={3} onRetry={() => void trips.refetch()}>
              Check your connection and try again.
            </ErrorState>
          ) : tripList.length === 0 ? (
            <p className="text-sm text-slate-700">
              No trip planned.{' '}
              <Link to={CARRY} className={activityLinkClass}>
                Add a trip and carry a package
              </Link>
            </p>
          ) : (
            <>
              <TripList rows={tripList} labelledBy="dashboard-trips" />
              <SeeAll to={CARRY}>{trips.data?.nextCursor ? 'See all your trips' : 'All my trips'}</SeeAll>
            </>
          )}
        </Part>
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby="dashboard-packages-trips">
      <CardHeader>
        <CardTitle id="dashboard-packages-trips">Your packages and trips</CardTitle>
        <CardDescription>
          What you send and carry until it is delivered, and the trips you have planned.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
