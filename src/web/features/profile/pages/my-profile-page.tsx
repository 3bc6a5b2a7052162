import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { VerificationChecklist } from '../components/verification-checklist.tsx';

// In the reader's own locale and calendar (undefined = the browser's language).
const memberSince = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export default function MyProfilePage() {
  const session = useSession();
  const me = session.data;
  if (session.isPending) return <PageSpinner label="Loading your profile" />;
  if (session.isError || !me) {
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load your profile" onRetry={() => void session.refetch()} />
      </>
    );
  }
  const joined = new Date(me.createdAt);
  return (
    <>
      <PageHeader
        lead="Your account details, and the checks that let you send and carry packages."
        actions={
          <Button asChild variant="secondary">
            <Link to="/user/profile/profile-settings">
              <Settings aria-hidden="true" className="size-4" />
              Profile settings
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card role="region" aria-labelledby="profile-details">
          <CardHeader>
            <CardTitle id="profile-details">Your details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="flex flex-col gap-4">
              <div>
                <dt className="text-sm font-medium text-slate-600">Name</dt>
                <dd className="break-words text-slate-900">{me.name}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-slate-600">Email</dt>
                <dd className="break-words text-slate-900">{me.email}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-slate-600">Mobile number</dt>
                <dd className="text-slate-900">{me.phoneNumber ?? 'Not added yet'}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-slate-600">Member since</dt>
                <dd className="text-slate-900">
                  <time dateTime={me.createdAt}>{memberSince.format(joined)}</time>
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="profile-verification">
          <CardHeader>
            <CardTitle id="profile-verification">Verification</CardTitle>
            <CardDescription>
              {me.verifiedProfile
                ? 'Your profile is verified: you can publish packages and offer to carry them.'
                : 'A verified profile needs all three checks. It lets you publish packages and offer to carry them.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <VerificationChecklist me={me} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
