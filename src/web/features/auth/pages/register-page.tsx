import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useSession } from '#web/lib/session.ts';
import { authKeys } from '../api/auth-keys.ts';
import { RegisterForm } from '../components/register-form.tsx';
import { SignedInNotice } from '../components/signed-in-notice.tsx';
import { TextLink } from '../components/text-link.tsx';
import { useRedirectParam } from '../hooks/use-redirect-param.ts';

export default function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  // The new account is signed in before the request settles; keep the form until it does.
  const registering = useIsMutating({ mutationKey: authKeys.signUp }) > 0;
  const [leaving, setLeaving] = useState(false);
  const me = session.data;

  if (me && leaving) return <PageSpinner label="Opening your dashboard" />;

  if (me && !registering) {
    // Also the "verify your email" onboarding step the app root sends unverified users to.
    return (
      <>
        <PageHeader title="Your account" lead="You already have a Tagalong account." />
        <SignedInNotice me={me}>
          {me.emailVerified ? (
            <p className="text-slate-700">Your email address is verified.</p>
          ) : (
            <p className="text-slate-700">
              Your email address is not verified yet. Verification e-mails are not sent yet; this step arrives with the
              accounts work, and until then there is nothing for you to do here.
            </p>
          )}
          {redirect ? (
            // Sent here as an onboarding step on the way to another page: the way on stays open.
            <p className="text-slate-700">
              <TextLink to={redirect}>Continue to the page you were going to</TextLink>
            </p>
          ) : null}
        </SignedInNotice>
      </>
    );
  }

  return (
    <>
      <PageHeader lead="Send packages with travelers who are already making the trip, or earn a reward carrying one." />
      <RegisterForm
        onRegistered={() => {
          setLeaving(true);
          navigate('/dashboard', { replace: true });
        }}
      />
    </>
  );
}
