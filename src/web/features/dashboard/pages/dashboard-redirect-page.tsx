import { Navigate } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useIsAdmin } from '#web/lib/session.ts';

/** The seed's redirect point: shows nothing itself, only sends each person to their own dashboard. */
export default function DashboardRedirectPage() {
  const isAdmin = useIsAdmin();
  // Waiting for a refetch too: a cached answer may belong to the person who was signed in before.
  if (isAdmin.isPending || isAdmin.isFetching) return <PageSpinner label="Opening your dashboard" />;
  if (isAdmin.isError) {
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't open your dashboard" onRetry={() => void isAdmin.refetch()}>
          Checking your account failed. Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  const user = isAdmin.data.prismaUser;
  if (!user) return <Navigate to="/auth/login?redirect=%2Fdashboard" replace />;
  return <Navigate to={user.isAdmin ? '/admin/dashboard' : '/user/dashboard'} replace />;
}
