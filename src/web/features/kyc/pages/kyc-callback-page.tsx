import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';

// Only the words for each state live here: the provider's signed callback, not this page, sets the
// result (PRODUCT.md §6), so the page reads the status from the session and never from the URL.
const byStatus: Record<Me['kycStatus'], { title: string; body: string }> = {
  not_started: {
    title: 'No identity check started yet',
    body: 'You have not started an identity check, so there is no result to show. Starting one from your profile arrives with the identity-check work.',
  },
  pending: {
    title: 'Your identity check is being reviewed',
    body: 'We have your documents and are waiting for the result. Your profile shows it once it is ready.',
  },
  approved: {
    title: 'Your identity is confirmed',
    body: 'Your identity check was approved.',
  },
  declined: {
    title: 'Your identity check was declined',
    body: 'The check did not pass. You can try again from your profile.',
  },
};

export default function KycCallbackPage() {
  const session = useSession();
  const me = session.data;
  let body: ReactNode;
  if (session.isPending) body = <PageSpinner label="Loading your identity check" />;
  else if (session.isError || !me)
    body = <ErrorState title="We couldn't load your identity check" onRetry={() => void session.refetch()} />;
  else {
    const { title, body: text } = byStatus[me.kycStatus];
    body = (
      <EmptyState
        title={title}
        action={
          <Button asChild>
            <Link to="/user/profile/my-profile">Go to my profile</Link>
          </Button>
        }
      >
        <p data-testid="kyc-status" data-status={me.kycStatus}>
          {text}
        </p>
      </EmptyState>
    );
  }
  return (
    <>
      <PageHeader lead="After you complete the identity check with our verification partner, you come back here to see its result." />
      {body}
    </>
  );
}
