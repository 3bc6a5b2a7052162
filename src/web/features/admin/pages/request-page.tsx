import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { AdminRequest } from '#shared/admin-requests.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { auditKeys } from '#web/api/admin-audit.ts';
import { adminRequestKeys, adminRequestQueries } from '#web/api/admin-requests.ts';
import { adminTravelPlanKeys } from '#web/api/admin-travel-plans.ts';
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

// One request in the back office (docs/product.md §4, §8): its package, trip and members, what happened
// to it, and an admin's closing while it is open: pending, or agreed with the difference unpaid
// (withdrawn, or expired).

const kindWords = { traveler: "Traveler's offer", sender: "Sender's invitation" } as const;
const eventWords: Record<AdminRequest['timeline'][number]['kind'], string> = {
  created: 'Made',
  agreed: 'Agreed (difference to pay)',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

function useClose(id: string, closing: Closing) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      http<AdminRequest>(`/api/admin/requests/${encodeURIComponent(id)}/${closing}`, {
        method: 'POST',
        body: { reason },
      }),
    onSuccess: async (request) => {
      client.setQueryData(adminRequestKeys.detail(id), request);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminRequestKeys.lists() }),
        client.invalidateQueries({ queryKey: adminTravelPlanKeys.detail(request.travelPlan.id) }),
        client.invalidateQueries({ queryKey: auditKeys.timeline('request', id) }),
      ]);
    },
  });
}

type Closing = AdminRequest['actions'][number];

const closingWords: Record<Closing, Omit<Parameters<typeof ReasonDialog>[0], 'onConfirm'>> = {
  withdraw: {
    trigger: 'Withdraw request',
    title: 'Withdraw this request?',
    description: 'It stops waiting for an answer, as if its starter had taken it back. Both members are told.',
    confirm: 'Withdraw request',
    busyLabel: 'Withdrawing…',
    done: 'Request withdrawn. Both members were told.',
  },
  expire: {
    trigger: 'Close as expired',
    title: 'Close this request as expired?',
    description:
      'Its time has passed: nobody declined or withdrew it. It stops waiting for an answer, and both members are told.',
    confirm: 'Close as expired',
    busyLabel: 'Closing…',
    done: 'Request closed as expired. Both members were told.',
  },
};

/** An agreement waiting for the difference ends the same ways, and the money that may still come is said. */
const whileAgreed: Record<Closing, string> = {
  withdraw:
    'The agreement ends before the sender pays the difference, as if its starter had taken it back; a payment of it still arriving goes back in full. Both members are told.',
  expire:
    'Its time has passed: the sender has not paid the difference. The agreement ends; a payment of it still arriving goes back in full. Both members are told.',
};

/** One way an admin closes an open request: its confirmation with a reason, and the call. */
function CloseRequestDialog({ id, closing, agreed }: { id: string; closing: Closing; agreed: boolean }) {
  const close = useClose(id, closing);
  const words = closingWords[closing];
  return (
    <ReasonDialog
      {...words}
      description={agreed ? whileAgreed[closing] : words.description}
      onConfirm={(reason) => close.mutateAsync(reason)}
    />
  );
}

export default function RequestPage() {
  const { id = '' } = useParams();
  const query = useQuery(adminRequestQueries.detail(id));

  if (query.status === 'pending') return <RecordSkeleton />;
  if (query.status === 'error') {
    return errorStatus(query.error) === 404 || errorStatus(query.error) === 400 ? (
      <EmptyState
        title="There is no such request"
        action={
          <Button asChild variant="secondary">
            <Link to="/admin/requests">Back to requests</Link>
          </Button>
        }
      />
    ) : (
      <ErrorState title="The request could not be loaded" onRetry={() => void query.refetch()} />
    );
  }
  const r = query.data;
  return (
    <>
      <PageHeader
        title={`Request for “${r.package.title}”`}
        lead={
          <span className="inline-flex flex-wrap items-center gap-2">
            <RequestStatusBadge status={r.status} /> {kindWords[r.startedBy]} · made {formatDateTime(r.createdAt)}
          </span>
        }
        actions={
          r.actions.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {r.actions.map((closing) => (
                <CloseRequestDialog key={closing} id={id} closing={closing} agreed={r.status === 'agreed'} />
              ))}
            </div>
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <RecordSection title="Request">
          <Facts
            items={[
              [
                'Id',
                <code key="id" className="break-all text-sm">
                  {r.id}
                </code>,
              ],
              ['Status', <RequestStatusBadge key="s" status={r.status} />],
              ['Kind', kindWords[r.startedBy]],
              ['Message', r.message ?? '—'],
              ['Expires', r.expiresAt ? `${formatDateTime(r.expiresAt)} at the latest (the trip leaves)` : '—'],
              ['Sender', <PersonLink key="sender" person={r.sender} />],
              ['Traveler', <PersonLink key="traveler" person={r.traveler} />],
            ]}
          />
        </RecordSection>
        <RecordSection title="Package">
          <Facts
            items={[
              [
                'Title',
                <TextLink key="p" to={`/admin/packages/${r.package.id}`}>
                  {r.package.title}
                </TextLink>,
              ],
              ['Status', <PackageStatusBadge key="s" status={r.package.status} />],
              ['Route', route(r.package.from, r.package.to)],
              ['Weight', r.package.weightKg === null ? '—' : formatKg(r.package.weightKg)],
              ['Reward', r.reward === null ? '—' : formatMoney(r.reward, r.currency as Currency)],
            ]}
          />
        </RecordSection>
        <RecordSection title="Trip">
          <Facts
            items={[
              [
                'Route',
                <TextLink key="t" to={`/admin/travel-plans/${r.travelPlan.id}`}>
                  {route(r.travelPlan.from, r.travelPlan.to)}
                </TextLink>,
              ],
              ['Status', <TravelPlanStatusBadge key="s" status={r.travelPlan.status} />],
              ['Departure', formatDateTime(r.travelPlan.departureAt)],
              ['Arrival', formatDateTime(r.travelPlan.arrivalAt)],
            ]}
          />
        </RecordSection>
        <RecordSection title="Timeline">
          <ol className="flex flex-col gap-2">
            {r.timeline.map((event) => (
              <li key={event.kind} className="flex flex-wrap gap-x-2">
                <span className="font-medium text-slate-900">{eventWords[event.kind]}</span>
                <time dateTime={event.at} className="text-slate-600">
                  {formatDateTime(event.at)}
                </time>
                <span className="text-slate-700">
                  {event.by
                    ? `by ${event.by.name} (${event.by.role})`
                    : 'by nobody: time ran out or another request won'}
                </span>
              </li>
            ))}
          </ol>
        </RecordSection>
      </div>
      <div className="mt-4">
        <AuditTimeline subjectType="request" subjectId={r.id} />
      </div>
    </>
  );
}
