import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminPackageDetail, AdminTimelineItem } from '#shared/admin-packages.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { packageStatusLabel } from '#shared/package-status.ts';
import { requestStatusLabel } from '#shared/requests.ts';
import { adminPackageQueries } from '#web/api/admin-packages.ts';
import { Badge, PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EvidenceTimeline } from '#web/components/ui/evidence-timeline.tsx';
import { PackageSummaryCard } from '#web/components/ui/package-summary.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { AuditTimeline } from '../components/audit-timeline.tsx';
import { CancelPackageDialog, refundWords } from '../components/package-record/cancel-package-dialog.tsx';
import { PackageConversation } from '../components/package-record/package-conversation.tsx';
import { PackageMoney } from '../components/package-record/package-money.tsx';
import { ResolveDisputeForm } from '../components/package-record/resolve-dispute-form.tsx';

// /admin/packages/{id} (docs/product.md §8): the package as its sender sees it, its parties, money,
// requests and timeline, its dispute with the resolve form, the conversation on request, and the
// administrator's cancel.

const back = (
  <Button asChild variant="secondary">
    <Link to="/admin/packages">Back to packages</Link>
  </Button>
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Card className="flex flex-col gap-3 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {children}
      </Card>
    </section>
  );
}

export default function PackagePage() {
  const { id = '' } = useParams();
  const query = useQuery(adminPackageQueries.detail(id));

  if (query.status === 'pending') {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the package" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.status === 'error') {
    if (errorStatus(query.error) === 404) {
      return (
        <>
          <PageHeader />
          <EmptyState title="There is no such package" action={back}>
            It may have been deleted as a draft, or the link is wrong.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageHeader />
        <ErrorState title="The package could not be loaded" onRetry={() => void query.refetch()}>
          {errorMessage(query.error)}
        </ErrorState>
      </>
    );
  }
  return <PackageRecord record={query.data} />;
}

function PackageRecord({ record }: { record: AdminPackageDetail }) {
  const pkg = record.package;
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, pkg.currency as Currency));
  return (
    <>
      <PageHeader
        title={pkg.title}
        lead={<PackageStatusBadge status={pkg.status} />}
        actions={
          <>
            {record.cancellation ? <CancelPackageDialog packageId={pkg.id} cancellation={record.cancellation} /> : null}
            {back}
          </>
        }
      />
      <div className="flex flex-col gap-6">
        <PackageSummaryCard
          pkg={{ ...pkg, photo: pkg.photos[0] ?? null }}
          headingAs="h2"
          thumbnail="photo"
          facts={[
            'pickupFrom',
            'deliverBy',
            'size',
            'weight',
            'reward',
            { term: 'Fee', value: money(pkg.fee) },
            { term: 'Recipient', value: pkg.recipientName ?? '—' },
            { term: 'Created', value: <time dateTime={pkg.createdAt}>{formatDateTime(pkg.createdAt)}</time> },
          ]}
        />

        <Section title="Parties">
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">Sender</dt>
              <dd>
                <TextLink to={`/admin/users/${pkg.sender.id}`}>{pkg.sender.name}</TextLink>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Traveler</dt>
              <dd>
                {pkg.traveler ? (
                  <TextLink to={`/admin/users/${pkg.traveler.id}`}>{pkg.traveler.name}</TextLink>
                ) : (
                  'Not matched'
                )}
              </dd>
            </div>
          </dl>
          {record.cancellation ? (
            <p className="text-sm text-slate-600">If cancelled now: {refundWords(record.cancellation)}</p>
          ) : null}
        </Section>

        {record.dispute ? (
          <Section title="Dispute">
            {/* Both parties' evidence and the hand-off photos, as the parties see them (docs/product.md §2.5). */}
            <EvidenceTimeline dispute={record.dispute} />
            {record.dispute.status === 'open' ? (
              <ResolveDisputeForm packageId={pkg.id} dispute={record.dispute} fee={pkg.fee ?? 0} />
            ) : (
              <p className="text-sm">
                <Badge variant="success">Resolved</Badge>{' '}
                {record.dispute.resolution === 'refund_sender' ? 'Refunded to the sender' : 'Released to the traveler'}
                {record.dispute.resolvedBy ? ` by ${record.dispute.resolvedBy.name}` : ''}
                {record.dispute.resolutionNote ? `: ${record.dispute.resolutionNote}` : ''}
              </p>
            )}
          </Section>
        ) : null}

        <Section title="Payments">
          <PackageMoney payments={record.payments} ledger={record.ledger} />
        </Section>

        <Section title="Requests">
          {record.requests.length === 0 ? (
            <p className="text-sm text-slate-600">No traveler has asked to carry it.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {record.requests.map((r) => (
                <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                  <TextLink to={`/admin/requests/${r.id}`}>{r.traveler.name}</TextLink>
                  <span>{requestStatusLabel[r.status]}</span>
                  <span className="text-slate-600">
                    {r.startedBy === 'traveler' ? 'offered' : 'invited'}{' '}
                    <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        {record.hasConversation ? (
          <Section title="Conversation">
            <PackageConversation packageId={pkg.id} />
          </Section>
        ) : null}

        <Section title="Timeline">
          <ol className="flex flex-col gap-2">
            {record.timeline.map((item) => (
              <li key={item.id} className="text-sm">
                <time dateTime={item.at} className="text-slate-600">
                  {formatDateTime(item.at)}
                </time>{' '}
                <span className="font-medium">{timelineWords(item)}</span>
                {item.actor ? ` by ${item.actor.name}` : ''}
                {item.note ? <span className="block break-words text-slate-700">{item.note}</span> : null}
              </li>
            ))}
          </ol>
        </Section>

        <AuditTimeline subjectType="package" subjectId={pkg.id} />
      </div>
    </>
  );
}

function timelineWords(item: AdminTimelineItem): string {
  if (item.kind === 'dispute_opened') return 'Dispute opened';
  if (item.kind === 'dispute_resolved') return 'Dispute resolved';
  const to = item.toStatus ? packageStatusLabel[item.toStatus] : '';
  return item.fromStatus ? `${packageStatusLabel[item.fromStatus]} → ${to}` : `Created as ${to.toLowerCase()}`;
}
