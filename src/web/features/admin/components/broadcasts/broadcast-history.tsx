import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { Broadcast, BroadcastStatus } from '#shared/admin-broadcasts.ts';
import { broadcastQueries, isInFlight } from '#web/api/admin-broadcasts.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { LoadMore } from '#web/components/ui/load-more.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { formatCount, formatDateTime } from '#web/lib/format.ts';
import { segmentWords } from './segment-words.ts';

// The broadcasts sent so far, newest first (docs/product.md §8): who sent what to whom, and how far
// each got. The list is read again every second while one is queued or sending, so its progress bar
// moves without a reload; it stops once every loaded broadcast is sent.

const statusWords: Record<BroadcastStatus, string> = { queued: 'Queued', sending: 'Sending', sent: 'Sent' };
const statusVariant: Record<BroadcastStatus, BadgeVariant> = { queued: 'neutral', sending: 'info', sent: 'success' };

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

export function BroadcastHistory() {
  const headingId = useId();
  const query = useInfiniteQuery(broadcastQueries.list());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  let content: ReactNode;
  if (query.status === 'pending') {
    content = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the broadcasts…
        </p>
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  } else if (query.status === 'error') {
    content = (
      <ErrorState title="The broadcasts could not be loaded" headingLevel={3} onRetry={() => void query.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState title="No broadcasts yet" headingLevel={3}>
        Each broadcast is listed here once sent, with its progress and how many members have read it.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ul aria-labelledby={headingId} className="flex flex-col gap-3">
          {items.map((broadcast) => (
            <BroadcastItem key={broadcast.id} broadcast={broadcast} />
          ))}
        </ul>
        <LoadMore list={query} count={items.length} noun={['broadcast', 'broadcasts']} />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Sent broadcasts
      </h2>
      {content}
    </section>
  );
}

function BroadcastItem({ broadcast: b }: { broadcast: Broadcast }) {
  const titleId = useId();
  const readShare = b.delivered > 0 ? ` (${percent.format(b.read / b.delivered)})` : '';
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm [overflow-wrap:anywhere]"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {b.title}
          </h3>
          <Badge variant={statusVariant[b.status]} data-status={b.status}>
            {statusWords[b.status]}
          </Badge>
        </div>
        <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-slate-700">{b.body}</p>
        {b.link ? (
          <p className="mt-1 text-sm text-slate-600">
            Links to <code className="rounded bg-slate-100 px-1 text-slate-800">{b.link}</code>
          </p>
        ) : null}
        <dl className="mt-3 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="text-slate-600">Audience</dt>
          <dd className="text-slate-900">{segmentWords(b.segment)}</dd>
          <dt className="text-slate-600">Sent by</dt>
          <dd className="text-slate-900">{b.createdBy ? b.createdBy.name : 'A former administrator'}</dd>
          <dt className="text-slate-600">Date</dt>
          <dd className="text-slate-900">
            <time dateTime={b.createdAt}>{formatDateTime(b.createdAt)}</time>
          </dd>
          <dt className="text-slate-600">Delivered</dt>
          <dd className="text-slate-900 tabular-nums">
            {formatCount(b.delivered)} of {formatCount(b.audience)}
          </dd>
          <dt className="text-slate-600">Read</dt>
          <dd className="text-slate-900 tabular-nums">
            {formatCount(b.read)}
            {readShare}
          </dd>
        </dl>
        {isInFlight(b) && b.audience > 0 ? <DeliveryProgress broadcast={b} /> : null}
      </article>
    </li>
  );
}

/** How many of the audience's notifications are written, while the server is still writing them. */
function DeliveryProgress({ broadcast: b }: { broadcast: Broadcast }) {
  const share = Math.min(1, b.delivered / b.audience);
  return (
    <div className="mt-3 flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`Delivery of ${b.title}`}
        aria-valuemin={0}
        aria-valuemax={b.audience}
        aria-valuenow={b.delivered}
        aria-valuetext={`${formatCount(b.delivered)} of ${formatCount(b.audience)} delivered`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-500 motion-reduce:transition-none"
          style={{ width: `${share * 100}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-10 shrink-0 text-right text-sm text-slate-700 tabular-nums">
        {percent.format(share)}
      </span>
    </div>
  );
}
