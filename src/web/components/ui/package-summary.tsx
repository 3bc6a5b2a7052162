import { Package as PackageIcon } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { type Currency, formatMoney } from '#shared/money.ts';
import {
  type PackagePhoto,
  type PackageSize,
  type PublicPlace,
  packageSizeDimensions,
} from '#shared/package-public.ts';
import { Card } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDate, formatKg, type Reading } from '#web/lib/format.ts';
import { useReading } from '#web/lib/reading.ts';

/**
 * What a package card can show. Every screen's package shape (my list's summary, a match, the full
 * package, a request's package) has these fields, some of them not all.
 */
export interface PackageSummaryFields {
  title: string;
  pickup: PublicPlace | null;
  dropoff: PublicPlace | null;
  pickupFrom?: string | null;
  deliverBy?: string | null;
  size?: PackageSize | null;
  weightKg?: number | null;
  reward?: number | null;
  /** What the sender pays (reward and fee); only the sender's own list shows it. */
  total?: number | null;
  // A request's package carries its currency as a plain string in the contract.
  currency: Currency | string;
  photo?: PackagePhoto | null;
}

/** A fact the card knows how to word, or a term and value of the screen's own. */
export type PackageFact =
  | 'pickupFrom'
  | 'deliverBy'
  | 'size'
  | 'weight'
  | 'reward'
  | { term: string; value: ReactNode };

const money = (amount: number, currency: Currency | string, reading: Reading) =>
  formatMoney(amount, currency as Currency, reading.locale);

const dateValue = (iso: string | null | undefined, reading: Reading) =>
  iso ? <time dateTime={iso}>{formatDate(iso, reading)}</time> : '—';

function factOf(fact: PackageFact, pkg: PackageSummaryFields, reading: Reading): { term: string; value: ReactNode } {
  switch (fact) {
    case 'pickupFrom':
      return { term: 'Pickup from', value: dateValue(pkg.pickupFrom, reading) };
    case 'deliverBy':
      return { term: 'Deliver by', value: dateValue(pkg.deliverBy, reading) };
    case 'size':
      return {
        term: 'Size',
        value: pkg.size ? (
          <>
            {pkg.size} <span className="font-normal text-slate-600">({packageSizeDimensions[pkg.size]})</span>
          </>
        ) : (
          '—'
        ),
      };
    case 'weight':
      return { term: 'Weight', value: pkg.weightKg == null ? '—' : formatKg(pkg.weightKg, reading) };
    case 'reward':
      return { term: 'Reward', value: pkg.reward == null ? '—' : money(pkg.reward, pkg.currency, reading) };
    default:
      return fact;
  }
}

/** "Paris → Berlin", read as "Paris to Berlin"; a city not chosen yet says so. */
export function RouteText({ from, to }: { from: PublicPlace | null; to: PublicPlace | null }) {
  return (
    <>
      {from?.city ?? 'Pickup not set'}
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> to </span>
      {to?.city ?? 'drop-off not set'}
    </>
  );
}

/** "Paris, France → Berlin, Germany" (or by city), or `missing` until both places are chosen. */
export function routeLine(
  pkg: Pick<PackageSummaryFields, 'pickup' | 'dropoff'>,
  { by = 'label', missing = 'Route not given' }: { by?: 'label' | 'city'; missing?: string } = {},
) {
  return pkg.pickup && pkg.dropoff ? `${pkg.pickup[by]} → ${pkg.dropoff[by]}` : missing;
}

const linkClass =
  'text-brand-700 underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
// The link's box covers the card, so the whole card is one target and one tab stop.
const stretchedLinkClass =
  'after:absolute after:inset-0 after:rounded-lg hover:text-brand-800 focus-visible:outline-none';

export interface PackageSummaryCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'children'> {
  pkg: PackageSummaryFields;
  /** The title links here (the package's page). */
  href?: string;
  /** The title's element, so the page outline stays in order; `p` when the card is not a heading. */
  headingAs?: 'h2' | 'h3' | 'p';
  /** A line above the title that names the card ("Your package"): the card is then a region named by it. */
  eyebrow?: string;
  /**
   * A row in a long list: smaller, the whole card is its link (give `href`), dates and reward as one
   * line each, and no article of its own.
   */
  compact?: boolean;
  /** The photo beside the title; `photo-or-icon` keeps the place with a parcel icon when there is none. */
  thumbnail?: 'photo' | 'photo-or-icon';
  /** The line under the title; by default the places' labels, or "Route not given". */
  route?: ReactNode;
  /** The status badge (the package's, or a request's). */
  badge?: ReactNode;
  /** The reward as a figure at the top right, the first thing a traveler compares. */
  rewardAside?: boolean;
  /** The facts under the header, in this order, as a description list. */
  facts?: PackageFact[];
  /** Grid columns for the facts from `sm` up (two below, which fits 360 px). */
  factColumns?: 3 | 4;
  /** Between the header and the facts: who is on the other side, for instance. */
  intro?: ReactNode;
  /** After the facts: the screen's own extras. */
  children?: ReactNode;
  /** At the foot of the card: the screen's buttons and links. */
  actions?: ReactNode;
}

/**
 * A package as a card: photo, title, route, status, its facts (dates, size, weight, reward) and a
 * slot for each screen's extras and actions. Presentational: it is given everything it shows.
 */
export function PackageSummaryCard({
  pkg,
  href,
  headingAs: Heading = 'h3',
  eyebrow,
  compact = false,
  thumbnail,
  route,
  badge,
  rewardAside = false,
  facts = [],
  factColumns,
  intro,
  children,
  actions,
  className,
  ...rest
}: PackageSummaryCardProps) {
  const titleId = useId();
  const reading = useReading();
  const eyebrowId = useId();
  // A compact row sits in a list item and is named by its one link, so it needs no landmark of its own.
  const Wrapper = eyebrow ? 'section' : compact ? 'div' : 'article';
  const title = href ? (
    <Link to={href} className={compact ? stretchedLinkClass : linkClass}>
      {pkg.title}
    </Link>
  ) : (
    pkg.title
  );
  const dates = compact
    ? [
        pkg.pickupFrom ? `Pickup from ${formatDate(pkg.pickupFrom, reading)}` : null,
        pkg.deliverBy ? `deliver by ${formatDate(pkg.deliverBy, reading)}` : null,
      ].filter(Boolean)
    : [];

  return (
    <Wrapper
      aria-labelledby={Wrapper === 'div' ? undefined : eyebrow ? eyebrowId : titleId}
      className={cn('h-full', className)}
      {...rest}
    >
      <Card
        className={cn(
          'flex h-full flex-col',
          compact
            ? 'relative gap-3 p-3 transition-colors focus-within:border-brand-600 hover:border-brand-600 sm:gap-4 sm:p-4'
            : 'gap-4 p-5',
        )}
      >
        <div className={cn('flex items-start', compact ? 'gap-3 sm:gap-4' : 'gap-4')}>
          {thumbnail && pkg.photo ? (
            <img
              src={pkg.photo.url}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className={cn(
                'size-16 shrink-0 rounded-md bg-slate-100 object-cover',
                compact && 'border border-slate-200 sm:size-20',
              )}
            />
          ) : thumbnail === 'photo-or-icon' ? (
            <div
              aria-hidden="true"
              className={cn(
                'flex size-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500',
                compact && 'sm:size-20',
              )}
            >
              <PackageIcon className="size-6" />
            </div>
          ) : null}
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <div className="min-w-0">
                {eyebrow ? (
                  <p id={eyebrowId} className="text-sm font-medium text-slate-600">
                    {eyebrow}
                  </p>
                ) : null}
                <Heading
                  id={titleId}
                  className={cn(
                    'break-words font-semibold text-slate-900',
                    !compact && 'text-lg leading-tight',
                    eyebrow && 'mt-0.5',
                  )}
                >
                  {title}
                </Heading>
              </div>
              {badge}
            </div>
            <p className="text-sm break-words text-slate-700">{route ?? routeLine(pkg)}</p>
            {dates.length > 0 ? <p className="text-sm text-slate-600">{dates.join(', ')}</p> : null}
            {compact ? (
              <p className="text-sm text-slate-700">
                {pkg.reward == null ? (
                  'No reward set yet'
                ) : (
                  <>
                    Reward {money(pkg.reward, pkg.currency, reading)}
                    {pkg.total == null ? null : <> · you pay {money(pkg.total, pkg.currency, reading)}</>}
                  </>
                )}
              </p>
            ) : null}
          </div>
          {rewardAside ? (
            <p className="shrink-0 text-right">
              <span className="block text-xs text-slate-600">Reward</span>
              <span className="text-lg font-bold text-slate-900">
                {pkg.reward == null ? '—' : money(pkg.reward, pkg.currency, reading)}
              </span>
            </p>
          ) : null}
        </div>

        {intro}

        {facts.length > 0 ? (
          <dl
            className={cn(
              'grid grid-cols-2 gap-x-4 gap-y-2 text-sm',
              factColumns === 3 && 'sm:grid-cols-3',
              factColumns === 4 && 'sm:grid-cols-4',
            )}
          >
            {facts.map((fact) => {
              const { term, value } = factOf(fact, pkg, reading);
              return (
                <div key={term}>
                  <dt className="text-slate-600">{term}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              );
            })}
          </dl>
        ) : null}

        {children}

        {actions ? <div className="mt-auto">{actions}</div> : null}
      </Card>
    </Wrapper>
  );
}
