import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { withRedirect } from '#shared/onboarding.ts';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';
import { useSession } from '#web/lib/session.ts';
import { describeLinkError } from '../api/account-failure.ts';
import { authMutationKeys } from '../api/auth-keys.ts';
import { verificationCallbackURL } from '../api/resend-verification.ts';
import { AuthErrorAlert } from '../components/auth-error-alert.tsx';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';
import { SignInForm } from '../components/sign-in-form.tsx';
import { SignedInNotice } from '../components/signed-in-notice.tsx';
import { useRedirectParam } from '../hooks/use-redirect-param.ts';

/** Google's failures come back here with `?via=google&error=`; a bad e-mail link with `?error=` alone. */
function useLinkError() {
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  return describeLinkError(params.get('via') === 'google' ? 'google-sign-in' : 'verify-email', code);
}

export default function LoginPage() {
  const session = useSession();
  const meta = useAppMeta();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  const linkError = useLinkError();
  // The session turns signed-in before the sign-in request settles; keep the form until it does.
  const signingIn = useIsMutating({ mutationKey: authMutationKeys.signIn }) > 0;
  const [leaving, setLeaving] = useState(false);
  const me = session.data;
  const afterSignIn = verificationCallbackURL(redirect);

  // With a ?redirect= the app root takes a signed-in user on (or to the next onboarding step).
  if (me && (redirect || leaving)) return <PageSpinner label="Signing you in" />;

  return (
    <>
      <PageHeader lead="Welcome back. Sign in to send packages, carry them and follow your requests." />
      {me && !signingIn ? (
        <SignedInNotice me={me} />
      ) : (
        <div className="flex flex-col gap-6">
          {linkError ? <AuthErrorAlert error={linkError} /> : null}
          {meta.data?.googleSignIn ? (
            <>
              <GoogleSignInButton
                callbackURL={afterSignIn}
                errorCallbackURL={withRedirect('/auth/login?via=google', redirect)}
              />
              <div className="flex items-center gap-3 text-sm text-slate-600">
                <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                or sign in with your e-mail
                <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
              </div>
            </>
          ) : null}
          <SignInForm
            verificationCallbackURL={afterSignIn}
            onSignedIn={() => {
              if (redirect) return;
              setLeaving(true);
              navigate('/dashboard', { replace: true });
            }}
          />
        </div>
      )}
    </>
  );
}
