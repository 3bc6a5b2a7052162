import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useSession } from '#web/lib/session.ts';
import { authKeys } from '../api/auth-keys.ts';
import { SignInForm } from '../components/sign-in-form.tsx';
import { SignedInNotice } from '../components/signed-in-notice.tsx';
import { useRedirectParam } from '../hooks/use-redirect-param.ts';

export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  // The session turns signed-in before the sign-in request settles; keep the form until it does.
  const signingIn = useIsMutating({ mutationKey: authKeys.signIn }) > 0;
  const [leaving, setLeaving] = useState(false);
  const me = session.data;

  // With a ?redirect= the app root takes a signed-in user on (or to the next onboarding step).
  if (me && (redirect || leaving)) return <PageSpinner label="Signing you in" />;

  return (
    <>
      <PageHeader lead="Welcome back. Sign in to send packages, carry them and follow your requests." />
      {me && !signingIn ? (
        <SignedInNotice me={me} />
      ) : (
        <SignInForm
          onSignedIn={() => {
            if (redirect) return;
            setLeaving(true);
            navigate('/dashboard', { replace: true });
          }}
        />
      )}
    </>
  );
}
