import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { Fact, FactList } from './fact-list.tsx';
import { Panel } from './panel.tsx';

export function SessionPanel() {
  const session = useSession();
  const me = session.data;
  let body: ReactNode;
  if (session.isPending) body = <Spinner label="Checking your session" />;
  else if (session.isError)
    body = (
      <ErrorState headingLevel={3} title="We couldn't check your session" onRetry={() => void session.refetch()} />
    );
  else if (!me)
    body = (
      <p className="text-slate-700" data-testid="session-user">
        Not signed in.{' '}
        <Link to="/auth/login" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Sign in
        </Link>
      </p>
    );
  else
    body = (
      <FactList>
        <Fact label="Name" testId="session-user">
          {me.name}
        </Fact>
        <Fact label="Email">{me.email}</Fact>
        <Fact label="User id">{me.id}</Fact>
        <Fact label="Role">{me.isAdmin ? 'Administrator' : 'User'}</Fact>
        <Fact label="Verified profile">{me.verifiedProfile ? 'Yes' : 'No'}</Fact>
      </FactList>
    );
  return <Panel title="Signed-in user">{body}</Panel>;
}
