import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { GuardName } from '#shared/routes.ts';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';

type Guard = (props: { children: ReactNode }) => ReactNode;

function useLoginRedirect(): string {
  const location = useLocation();
  return `/auth/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Signed in (any verification state): visitors go to sign-in with the page they wanted. */
function UserGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const login = useLoginRedirect();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError) return <ErrorState title="We couldn't check your session" onRetry={() => session.refetch()} />;
  if (!session.data) return <Navigate to={login} replace />;
  return children;
}

/** Administrators only: visitors go to sign-in, signed-in non-admins to /unauthorized. */
function AdminGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const login = useLoginRedirect();
  if (session.isPending) return <PageSpinner label="Checking your session" />;
  if (session.isError) return <ErrorState title="We couldn't check your session" onRetry={() => session.refetch()} />;
  if (!session.data) return <Navigate to={login} replace />;
  if (!session.data.isAdmin) return <Navigate to="/unauthorized" replace />;
  return children;
}

const guards: Record<GuardName, Guard> = { user: UserGuard, admin: AdminGuard };

/** Guards are used by name (the route table names them); an unknown name is a programming error. */
export function getGuard(name: string): Guard {
  const guard = (guards as Record<string, Guard | undefined>)[name];
  if (!guard) throw new Error(`Unknown route guard "${name}". Known guards: ${Object.keys(guards).join(', ')}`);
  return guard;
}
