import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function MessagesPage() {
  return (
    <>
      <PageHeader lead="Your conversations with senders and travelers, to agree on pickup and delivery." />
      <EmptyState
        title="No conversations yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/requests">See your requests</Link>
          </Button>
        }
      >
        A conversation opens when a request is accepted: you and the other member can then write to each other here.
      </EmptyState>
    </>
  );
}
