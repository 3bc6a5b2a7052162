import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import type { Me } from '#shared/auth.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { describeGoogleRequestFailure } from '../api/account-failure.ts';
import { useLinkGoogle, useSignInMethods, useUnlinkGoogle } from '../api/google-accounts.ts';
import { GoogleMark } from './google-sign-in-button.tsx';

const PAGE = '/auth/connect-with-google';
const linkedOn = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

interface Props {
  me: Me;
  /** A request of this card failed (null: a new attempt started, so the old failure is stale). */
  onProblem: (problem: ErrorView | null) => void;
  onUnlinked: () => void;
}

/** The signed-in user's ways to sign in, with linking and unlinking Google. */
export function GoogleSignInMethods({ me, onProblem, onUnlinked }: Props) {
  const methods = useSignInMethods(me.id);
  const link = useLinkGoogle();
  const unlink = useUnlinkGoogle(me.id);
  const [busy, setBusy] = useState(false);

  if (methods.isPending) return <Spinner label="Loading your sign-in methods" />;
  if (methods.isError) {
    return <ErrorState title="We couldn't load your sign-in methods" onRetry={() => void methods.refetch()} />;
  }
  const { password, google } = methods.data;
  const working = busy || link.isPending || unlink.isPending;

  const startLink = async () => {
    if (working) return;
    onProblem(null);
    setBusy(true);
    try {
      await link.mutateAsync({ callbackURL: `${PAGE}?linked=1`, errorCallbackURL: PAGE, loginHint: me.email });
    } catch (err) {
      setBusy(false);
      onProblem(describeGoogleRequestFailure(err));
    }
  };

  const startUnlink = async () => {
    if (working || !google) return;
    onProblem(null);
    try {
      await unlink.mutateAsync(google.id);
      onUnlinked();
    } catch (err) {
      onProblem(describeGoogleRequestFailure(err));
    }
  };

  return (
    <Card role="region" aria-labelledby="sign-in-methods">
      <CardHeader>
        <CardTitle id="sign-in-methods">Ways you sign in</CardTitle>
        <CardDescription>
          Link the Google account that uses <span className="font-medium text-slate-900">{me.email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
          <li className="flex items-center justify-between gap-3 p-3">
            <span className="font-medium text-slate-900">E-mail and password</span>
            <Badge variant={password ? 'success' : 'neutral'}>{password ? 'Set up' : 'No password'}</Badge>
          </li>
          <li className="flex flex-wrap items-center justify-between gap-3 p-3">
            <span className="flex items-center gap-2 font-medium text-slate-900">
              <GoogleMark />
              Google
            </span>
            {google ? (
              <span className="flex items-center gap-2 text-sm text-slate-600">
                <span>
                  since <time dateTime={google.linkedAt}>{linkedOn.format(new Date(google.linkedAt))}</time>
                </span>
                <Badge variant="success">
                  <CircleCheck aria-hidden="true" className="size-3" />
                  Linked
                </Badge>
              </span>
            ) : (
              <Badge variant="neutral">Not linked</Badge>
            )}
          </li>
        </ul>

        {!google ? (
          <Button className="self-start" aria-disabled={working || undefined} onClick={startLink}>
            {working ? 'Opening Google…' : 'Link Google'}
          </Button>
        ) : password ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-slate-600">Unlinking leaves your e-mail and password as the way to sign in.</p>
            <Button
              variant="secondary"
              className="self-start"
              aria-disabled={working || undefined}
              onClick={startUnlink}
            >
              {unlink.isPending ? 'Unlinking…' : 'Unlink Google'}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            Google is how you sign in, so it stays linked. To be able to unlink it,{' '}
            <TextLink to="/auth/forgot-password">set a password</TextLink> first.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
