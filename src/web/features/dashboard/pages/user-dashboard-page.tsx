import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { VerificationChecklist } from '#web/components/verification-checklist.tsx';
import { useSession } from '#web/lib/session.ts';
import { ActionCards } from '../components/action-cards.tsx';
import { BalanceSection } from '../components/balance-section.tsx';
import { NeedsActionSection } from '../components/needs-action-section.tsx';
import { PackagesAndTripsSection } from '../components/packages-and-trips-section.tsx';

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

export default function UserDashboardPage() {
  const session = useSession();
  const me = session.data;
  if (session.isPending) return <PageSpinner label="Loading your dashboard" />;
  if (session.isError || !me) {
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load your dashboard" onRetry={() => void session.refetch()} />
      </>
    );
  }
  const verification = (
    <Card role="region" aria-labelledby="dashboard-verification">
      <CardHeader>
        <CardTitle id="dashboard-verification">
          {me.verifiedProfile ? 'Your profile is verified' : 'Get verified'}
        </CardTitle>
        <CardDescription>
          {me.verifiedProfile
            ? 'You can publish packages and offer to carry them.'
            : 'Publishing a package or offering to carry one needs a verified profile: these three checks.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <VerificationChecklist me={me} />
      </CardContent>
    </Card>
  );
  return (
    <>
      <PageHeader lead={`Hello, ${firstName(me.name)}. Send a package, carry one, or follow what you have going on.`} />
      <div className="flex flex-col gap-8">
        {/* Until the profile is verified, its checks are the first thing to do. */}
        {me.verifiedProfile ? null : verification}
        <NeedsActionSection verifying={!me.verifiedProfile} />
        <PackagesAndTripsSection />
        <section aria-labelledby="dashboard-actions">
          <h2 id="dashboard-actions" className="mb-3 text-lg font-semibold text-slate-900">
            What would you like to do?
          </h2>
          <ActionCards />
        </section>
        {me.verifiedProfile ? verification : null}
        <BalanceSection me={me} />
      </div>
    </>
  );
}
