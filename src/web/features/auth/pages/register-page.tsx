import { useState } from 'react';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { useSession } from '#web/lib/session.ts';
import { verificationCallbackURL } from '../api/resend-verification.ts';
import { CheckInbox } from '../components/check-inbox.tsx';
import { RegisterForm, type RegisterValues } from '../components/register-form.tsx';
import { ResendVerificationButton } from '../components/resend-verification-button.tsx';
import { SignedInNotice } from '../components/signed-in-notice.tsx';
import { useRedirectParam } from '../hooks/use-redirect-param.ts';

type Draft = Omit<RegisterValues, 'password'>;

export default function RegisterPage() {
  const session = useSession();
  const redirect = useRedirectParam();
  const callbackURL = verificationCallbackURL(redirect);
  // Sign-up leaves the browser signed out: the e-mail's link verifies the address and signs in.
  const [sentTo, setSentTo] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const me = session.data;

  if (me) {
    // Also the "verify your email" onboarding step the app root sends unverified users to.
    return (
      <>
        <PageHeader title="Your account" lead="You already have a Tagalong account." />
        <SignedInNotice me={me}>
          {me.emailVerified ? (
            <p className="text-slate-700">Your email address is verified.</p>
          ) : (
            <>
              <p className="text-slate-700">
                Confirm your e-mail address with the link we sent to {me.email}. Can't find it? Send it again.
              </p>
              <ResendVerificationButton email={me.email} callbackURL={callbackURL} initialCooldown={0} />
            </>
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
      {sentTo ? (
        <CheckInbox
          email={sentTo.email}
          callbackURL={callbackURL}
          onChangeAddress={() => {
            setDraft(sentTo);
            setSentTo(null);
          }}
        />
      ) : (
        <RegisterForm callbackURL={callbackURL} initialValues={draft} onRegistered={setSentTo} />
      )}
    </>
  );
}
