import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** /user/view/{id}: another member's public profile (name, verification, rating). */
export default function MemberPage() {
  return (
    <>
      <PageHeader lead="A member's public profile: their name, which checks they have passed and how others rate them." />
      <EmptyState
        title="Member profiles arrive with the accounts work"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        This member's profile can't be shown yet. Once profiles are available, you can open them from requests and
        conversations.
      </EmptyState>
    </>
  );
}
