import type { ReactNode } from 'react';
import { type RequestStatus, requestStatusLabel } from '#shared/requests.ts';
import { type TravelPlanStatus, travelPlanStatusLabel } from '#shared/travel-plans.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';

// The parts of a back-office record page: titled sections of label/value pairs, links to the records
// it names, and the status badges of requests and trips.

const requestVariant: Record<RequestStatus, BadgeVariant> = {
  pending: 'warning',
  agreed: 'info',
  accepted: 'success',
  declined: 'neutral',
  withdrawn: 'neutral',
  expired: 'neutral',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge variant={requestVariant[status]}>{requestStatusLabel[status]}</Badge>;
}

const planVariant: Record<TravelPlanStatus, BadgeVariant> = {
  active: 'info',
  completed: 'success',
  cancelled: 'neutral',
};

export function TravelPlanStatusBadge({ status }: { status: TravelPlanStatus }) {
  return <Badge variant={planVariant[status]}>{travelPlanStatusLabel[status]}</Badge>;
}

export function RecordSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label/value pairs, two columns from 640 px up. */
export function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PersonLink({ person }: { person: { id: string; name: string; email?: string } }) {
  return (
    <span>
      <TextLink to={`/admin/users/${person.id}`}>{person.name}</TextLink>
      {person.email ? <span className="text-slate-600"> · {person.email}</span> : null}
    </span>
  );
}

export const route = (from: { city: string | null }, to: { city: string | null }) =>
  `${from.city ?? '?'} → ${to.city ?? '?'}`;

/** A record page while it loads. */
export function RecordSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
