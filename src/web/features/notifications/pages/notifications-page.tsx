import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function NotificationsPage() {
  return (
    <>
      <PageHeader lead="News about your packages, requests and payments, newest first. New ones also pop up while you use Tagalong." />
      <EmptyState
        title="You're all caught up"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        You have no notifications. When someone asks to carry your package, accepts your request or a payment goes
        through, you'll find it here.
      </EmptyState>
    </>
  );
}
