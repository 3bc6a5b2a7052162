import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { importWithReload } from '#web/lib/reload-guard.ts';
import { useSession } from '#web/lib/session.ts';
import { useSignOut } from '#web/lib/sign-out.ts';

const AccountMenu = lazy(() => importWithReload(() => import('./account-menu.tsx')));

/** Signed in: a menu with the profile and sign-out; visitor: sign-in and register links. */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const me = session.data;
  if (session.isPending) return <span className="h-10 w-24" aria-hidden="true" />;
  if (!me) {
    return (
      <div className="flex items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to="/auth/login">Sign in</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/auth/register">Join</Link>
        </Button>
      </div>
    );
  }
  return (
    <Suspense fallback={<span className="h-10 w-24" aria-hidden="true" />}>
      <AccountMenu me={me} signOut={signOut} />
    </Suspense>
  );
}
