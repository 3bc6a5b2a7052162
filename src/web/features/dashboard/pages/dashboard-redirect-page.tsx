import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useIsAdmin, useSession } from '#web/lib/session.ts';

/**
 * The redirect point: shows nothing itself, only sends each person to their own dashboard.
 * A visitor is known from the session view; GET /api/auth/is-admin decides for a signed-in user.
 */
export default function DashboardRedirectPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const error = params.get('error');
  const signedIn = Boolean(session.data);
  const isAdmin = useIsAdmin(signedIn);
  // Waiting for refetches too: a cached answer may belong to the person who was signed in before.
  const deciding = session.isPending || session.isFetching || (signedIn && (isAdmin.isPending || isAdmin.isFetching));
  if (deciding) return <PageSpinner label="Opening your dashboard" />;
  if (session.isError || isAdmin.isError) {
    return (
      <>
        <PageHeader />
        <ErrorState
          title="We couldn't open your dashboard"
          onRetry={() => void (session.isError ? session.refetch() : isAdmin.refetch())}
        >
          Checking your account failed. Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  // A confirmation link that failed lands here with ?error=; the sign-in page explains it.
  if (!signedIn || !isAdmin.data) {
    const suffix = error ? `&error=${encodeURIComponent(error)}` : '';
    return <Navigate to={`/auth/login?redirect=%2Fdashboard${suffix}`} replace />;
  }
  return <Navigate to={isAdmin.data.isAdmin ? '/admin/dashboard' : '/user/dashboard'} replace />;
}
