import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { adminUserQueries } from '#web/api/admin-users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { useSession } from '#web/lib/session.ts';
import { AuditTimeline } from '../components/audit-timeline.tsx';
import { KycSection } from '../components/users/kyc-section.tsx';
import { MemberActions } from '../components/users/member-actions.tsx';
import { MemberBadges } from '../components/users/member-badges.tsx';
import { MemberRecord } from '../components/users/member-record.tsx';

// /admin/users/{id} (docs/product.md §8.3): one member's record and the actions on their account.

const back = (
  <Button asChild variant="secondary">
    <Link to="/admin/users">Back to users</Link>
  </Button>
);

export default function UserPage() {
  const id = useParams().id ?? '';
  const me = useSession().data?.id;
  const detail = useQuery(adminUserQueries.detail(id));

  if (detail.isPending) {
    return (
      <>
        <PageHeader />
        <Spinner label="Loading the member" />
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      </>
    );
  }
  if (detail.isError) {
    if (errorStatus(detail.error) === 404) {
      return (
        <>
          <PageHeader />
          <EmptyState title="No such member" action={back}>
            There is no member with this id.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageHeader />
        <ErrorState title="Couldn't load this member" onRetry={() => void detail.refetch()}>
          {errorMessage(detail.error)}
        </ErrorState>
      </>
    );
  }

  const { user } = detail.data;
  const isSelf = me === user.id;
  return (
    <>
      <PageHeader
        title={user.name}
        lead={
          <span className="flex flex-col gap-2">
            <span className="break-all">{user.email}</span>
            <MemberBadges user={user} />
          </span>
        }
      />
      <div className="mb-6">
        <MemberActions user={user} isSelf={isSelf} />
      </div>
      <div className="flex flex-col gap-4">
        <MemberRecord detail={detail.data} />
        <KycSection userId={user.id} canDecide={!isSelf} />
        <AuditTimeline subjectType="user" subjectId={user.id} />
      </div>
    </>
  );
}
