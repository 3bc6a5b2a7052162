import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { AdminTravelPlan } from '#shared/admin-travel-plans.ts';
import { transportLabel } from '#shared/travel-plans.ts';
import { auditKeys } from '#web/api/admin-audit.ts';
import { adminRequestKeys } from '#web/api/admin-requests.ts';
import { adminTravelPlanKeys, adminTravelPlanQueries } from '#web/api/admin-travel-plans.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { http } from '#web/lib/http.ts';
import { AuditTimeline } from '../components/audit-timeline.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import {
  Facts,
  PersonLink,
  RecordSection,
  RecordSkeleton,
  RequestStatusBadge,
  route,
  TravelPlanStatusBadge,
} from '../components/record.tsx';

// One trip in the back office (docs/product.md §3, §8): its traveler, what it carries, its requests,
// and an admin's cancellation under the traveler's rules (ADR 0023).

const eventWords: Record<AdminTravelPlan['timeline'][number]['kind'], string> = {
  created: 'Created',
  departure: 'Departure',
  arrival: 'Arrival',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

function useCancel(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      http<AdminTravelPlan>(`/api/admin/travel-plans/${encodeURIComponent(id)}/cancel`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: async (plan) => {
      client.setQueryData(adminTravelPlanKeys.detail(id), plan);
      // Its pending requests ended with it.
      await Promise.all([
        client.invalidateQueries({ queryKey: adminTravelPlanKeys.lists() }),
        client.invalidateQueries({ queryKey: adminRequestKeys.all }),
        client.invalidateQueries({ queryKey: auditKeys.timeline('travel_plan', id) }),
      ]);
    },
  });
}

export default function TravelPlanPage() {
  const { id = '' } = useParams();
  const query = useQuery(adminTravelPlanQueries.detail(id));
  const cancel = useCancel(id);

  if (query.status === 'pending') return <RecordSkeleton />;
  if (query.status === 'error') {
    return errorStatus(query.error) === 404 || errorStatus(query.error) === 400 ? (
      <EmptyState
        title="There is no such travel plan"
        action={
          <Button asChild variant="secondary">
            <Link to="/admin/travel-plans">Back to travel plans</Link>
          </Button>
        }
      />
    ) : (
      <ErrorState title="The travel plan could not be loaded" onRetry={() => void query.refetch()} />
    );
  }
  const p = query.data;
  return (
    <>
      <PageHeader
        title={`Trip ${route(p.from, p.to)}`}
        lead={
          <span className="inline-flex flex-wrap items-center gap-2">
            <TravelPlanStatusBadge status={p.status} /> by {p.traveler.name} · leaves {formatDateTime(p.departureAt)}
          </span>
        }
        actions={
          p.actions.includes('cancel') ? (
            <ReasonDialog
              trigger="Cancel trip"
              title="Cancel this trip?"
              description="Its pending requests end and their senders are told; the traveler is told too. A trip that carries accepted packages cannot be cancelled: end those matches from their package pages first."
              confirm="Cancel trip"
              busyLabel="Cancelling…"
              done="Trip cancelled. The traveler and the senders concerned were told."
              onConfirm={(reason) => cancel.mutateAsync(reason)}
            />
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <RecordSection title="Trip">
          <Facts
            items={[
              [
                'Id',
                <code key="id" className="break-all text-sm">
                  {p.id}
                </code>,
              ],
              ['Traveler', <PersonLink key="t" person={p.traveler} />],
              ['From', p.origin.address ? `${p.origin.label} · ${p.origin.address}` : p.origin.label],
              ['To', p.destination.address ? `${p.destination.label} · ${p.destination.address}` : p.destination.label],
              ['Transport', transportLabel[p.transport]],
              ['Capacity', `${formatKg(p.freeCapacityKg)} free of ${formatKg(p.capacityKg)}`],
              ['Notes', p.notes ?? '—'],
            ]}
          />
        </RecordSection>
        <RecordSection title="Timeline">
          <ol className="flex flex-col gap-2">
            {p.timeline.map((event) => (
              <li key={event.kind} className="flex flex-wrap gap-x-2">
                <span className="font-medium text-slate-900">{eventWords[event.kind]}</span>
                <time dateTime={event.at} className="text-slate-600">
                  {formatDateTime(event.at)}
                </time>
              </li>
            ))}
          </ol>
        </RecordSection>
        <RecordSection title="Packages carried">
          {p.packages.length === 0 ? (
            <p className="text-slate-600">No package is matched to this trip.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {p.packages.map((pkg) => (
                <li key={pkg.id} className="flex flex-wrap items-center gap-2">
                  <TextLink to={`/admin/packages/${pkg.id}`}>{pkg.title}</TextLink>
                  <PackageStatusBadge status={pkg.status} />
                  <span className="text-slate-600">
                    {pkg.weightKg === null ? '' : `${formatKg(pkg.weightKg)} · `}from <PersonLink person={pkg.sender} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </RecordSection>
        <RecordSection title="Requests">
          {p.requests.length === 0 ? (
            <p className="text-slate-600">No request names this trip.</p>
          ) : (
            <>
              <ul className="flex flex-col gap-2">
                {p.requests.map((r) => (
                  <li key={r.id} className="flex flex-wrap items-center gap-2">
                    <TextLink to={`/admin/requests/${r.id}`}>{r.package.title}</TextLink>
                    <RequestStatusBadge status={r.status} />
                    <span className="text-slate-600">
                      {r.startedBy === 'traveler' ? 'offer' : 'invitation'} · {formatDateTime(r.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
              {p.requestsTotal > p.requests.length ? (
                <p className="mt-3">
                  <TextLink to={`/admin/requests?travelPlanId=${p.id}`}>All {p.requestsTotal} requests</TextLink>
                </p>
              ) : null}
            </>
          )}
        </RecordSection>
      </div>
      <div className="mt-4">
        <AuditTimeline subjectType="travel_plan" subjectId={p.id} />
      </div>
    </>
  );
}
