import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { withRedirect } from '#shared/onboarding.ts';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { useSession } from '#web/lib/session.ts';
import { describeLinkError } from '../api/account-failure.ts';
import { GoogleSignInMethods } from '../components/google-sign-in-methods.tsx';
import { LinkButtons } from '../components/link-buttons.tsx';

const PAGE = '/auth/connect-with-google';
const LEAD = 'Link your Google account to sign in to Tagalong with it instead of typing a password.';

/**
 * Linking Google to the signed-in account, and where Google sends the browser back after linking
 * (`?linked=1`, or `?error=` when it did not work).
 */
export default function ConnectWithGooglePage() {
  const session = useSession();
  const meta = useAppMeta();
  const [params, setParams] = useSearchParams();
  const errorCode = params.get('error');
  const [requestProblem, setRequestProblem] = useState<ErrorView | null>(null);
  const [unlinked, setUnlinked] = useState(false);

  if (session.isPending || meta.isPending) return <PageSpinner label="Loading" />;
  if (session.isError || meta.isError) {
    return (
      <>
        <PageHeader lead={LEAD} />
        <ErrorState
          title="We couldn't load this page"
          onRetry={() => {
            void session.refetch();
            void meta.refetch();
          }}
        />
      </>
    );
  }

  const me = session.data;
  if (!meta.data.googleSignIn) {
    return (
      <>
        <PageHeader lead={LEAD} />
        <EmptyState
          title="Google sign-in isn't enabled on this server"
          action={
            <LinkButtons
              links={
                me
                  ? [{ to: '/user/dashboard', label: 'Go to your dashboard' }]
                  : [
                      { to: '/auth/login', label: 'Sign in with e-mail' },
                      { to: '/auth/register', label: 'Create an account' },
                    ]
              }
            />
          }
        >
          {me ? 'Your e-mail and password keep working as they are.' : 'Sign in with your e-mail and password instead.'}
        </EmptyState>
      </>
    );
  }

  if (!me) {
    return (
      <>
        <PageHeader lead={LEAD} />
        <EmptyState
          title="Sign in to link Google"
          action={
            <LinkButtons
              links={[
                { to: withRedirect('/auth/login', PAGE), label: 'Sign in' },
                { to: '/auth/register', label: 'Create an account' },
              ]}
            />
          }
        >
          Google is linked to an account you are signed in to. New to Tagalong? "Continue with Google" on the sign-in
          page creates your account in one step.
        </EmptyState>
      </>
    );
  }

  const problem = requestProblem ?? (errorCode ? describeLinkError('google-link', errorCode) : null);
  const linked = params.get('linked') === '1' && !problem;
  const notice = linked
    ? 'Google is linked. Next time, you can sign in with "Continue with Google".'
    : unlinked && !problem
      ? 'Google is unlinked. Sign in with your e-mail and password.'
      : null;

  return (
    <>
      <PageHeader lead={LEAD} />
      <div className="flex max-w-xl flex-col gap-4">
        <FormAlert message={problem?.message ?? null}>
          {problem?.actions.map((action) =>
            action.kind === 'link' ? (
              <TextLink key={action.to} to={action.to} className="text-red-900 hover:text-red-950">
                {action.label}
              </TextLink>
            ) : null,
          )}
        </FormAlert>
        <div role="status" aria-atomic="true">
          {notice ? (
            <p className="flex items-center gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
              <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
              {notice}
            </p>
          ) : null}
        </div>
        <GoogleSignInMethods
          me={me}
          onProblem={(next) => {
            setRequestProblem(next);
            setUnlinked(false);
            // What came back from Google last time no longer applies once something new is tried.
            if (params.size > 0) setParams({}, { replace: true });
          }}
          onUnlinked={() => setUnlinked(true)}
        />
      </div>
    </>
  );
}
