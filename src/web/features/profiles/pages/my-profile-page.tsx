import { Settings } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { IdentityCheckCard } from '#web/components/identity-check/identity-check-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { PageSpinner, Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { VerificationChecklist } from '#web/components/verification-checklist.tsx';
import { useSession } from '#web/lib/session.ts';
import { useMemberProfile } from '../api/profile.ts';
import { PublicProfileCard } from '../components/public-profile-card.tsx';

/** What others see of me: the very answer a member's page gets, so the two can never differ. */
function WhatOthersSee({ me }: { me: Me }) {
  const profile = useMemberProfile(me.id);
  if (profile.isPending) {
    return (
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <Spinner label="Loading your public profile" />
          <div className="flex items-center gap-4">
            <Skeleton className="size-24 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-6 w-40" />
              <Skeleton className="h-4 w-32" />
            </div>
          </div>
          <Skeleton className="h-6 w-full" />
        </CardContent>
      </Card>
    );
  }
  if (profile.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="We couldn't load your public profile"
        onRetry={() => void profile.refetch()}
      />
    );
  }
  return <PublicProfileCard profile={profile.data} headingLevel="h3" />;
}

/** /user/profile/my-profile: my public profile, my private details and my verification steps. */
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
  return (
    <>
      <PageHeader
        lead="How other members see you, and the checks that let you send and carry packages."
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
        <section aria-labelledby="profile-public" className="flex flex-col gap-3">
          <div>
            <h2 id="profile-public" className="text-lg font-semibold text-slate-900">
              What other members see
            </h2>
            <p className="text-sm text-slate-600">
              Your public page: <TextLink to={`/user/view/${me.id}`}>open it as others see it</TextLink>.
            </p>
          </div>
          <WhatOthersSee me={me} />
        </section>
        <div className="flex flex-col gap-6">
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
          <IdentityCheckCard me={me} />
          <Card role="region" aria-labelledby="profile-private">
            <CardHeader>
              <CardTitle id="profile-private">Only you see these</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="flex flex-col gap-4">
                <div>
                  <dt className="text-sm font-medium text-slate-600">Email</dt>
                  <dd className="break-words text-slate-900">{me.email}</dd>
                </div>
                <div>
                  <dt className="text-sm font-medium text-slate-600">Mobile number</dt>
                  <dd className="text-slate-900">{me.phoneNumber ?? 'Not added yet'}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
