import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { transportLabel } from '#shared/travel-plans.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { formatDate } from '#web/lib/format.ts';
import type { CarriedPackageRow, SentPackageRow, TripRow } from '../lib/packages-and-trips.ts';

export const activityLinkClass =
  'font-medium break-words text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

const rowClass = 'flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3';

/** "Paris → Berlin · Carried by Tess": the facts under a row's title, leaving out what is unknown. */
function Facts({ facts }: { facts: (string | null)[] }) {
  const text = facts.filter(Boolean).join(' · ');
  return text ? <p className="text-sm break-words text-slate-600">{text}</p> : null;
}

/**
 * My packages, sent or carried: each to its page; an open one I send also to the search for its
 * traveler.
 */
export function PackageList({
  rows,
  labelledBy,
}: {
  rows: (SentPackageRow | CarriedPackageRow)[];
  labelledBy: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-200">
      {rows.map((row) => (
        <li key={row.id} className={rowClass} data-status={row.status}>
          <div className="min-w-0 flex-1">
            <Link to={row.href} className={activityLinkClass}>
              {row.title}
            </Link>
            <Facts facts={[row.route, row.note]} />
            {'findTravelerHref' in row && row.findTravelerHref ? (
              <Link
                to={row.findTravelerHref}
                className={`${activityLinkClass} mt-1 inline-flex items-center gap-1 text-sm`}
              >
                <Search aria-hidden="true" className="size-4 shrink-0" />
                <span>
                  Find a traveler<span className="sr-only"> for “{row.title}”</span>
                </span>
              </Link>
            ) : null}
          </div>
          <PackageStatusBadge status={row.status} />
        </li>
      ))}
    </ul>
  );
}

/** My active trips: when each leaves, and the packages that fit it until it has left. */
export function TripList({ rows, labelledBy }: { rows: TripRow[]; labelledBy: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-200">
      {rows.map((row) => (
        <li key={row.id} className={rowClass} data-trip={row.id}>
          <div className="min-w-0 flex-1">
            <p className="font-medium break-words text-slate-900">{row.route}</p>
            <p className="text-sm break-words text-slate-600">
              {row.underway ? (
                <>
                  On its way, arrives <time dateTime={row.arrivalAt}>{formatDate(row.arrivalAt)}</time>
                </>
              ) : (
                <>
                  Departs <time dateTime={row.departureAt}>{formatDate(row.departureAt)}</time>
                </>
              )}
              {` · ${transportLabel[row.transport]}`}
            </p>
          </div>
          {row.findPackagesHref ? (
            <Link to={row.findPackagesHref} className={`${activityLinkClass} inline-flex items-center gap-1 text-sm`}>
              <Search aria-hidden="true" className="size-4 shrink-0" />
              <span>
                Find packages<span className="sr-only"> for {row.route}</span>
              </span>
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
