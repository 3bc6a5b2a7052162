import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function MyPackagesPage() {
  return (
    <>
      <PageHeader lead="The packages you send, with their status from payment to delivery." />
      <EmptyState
        title="You haven't posted a package yet"
        action={
          <Button asChild>
            <Link to="/user/packages/send-a-package">
              <Plus aria-hidden="true" className="size-4" />
              Send a package
            </Link>
          </Button>
        }
      >
        When you send a package, it appears here so you can follow it, talk to your traveler and confirm delivery.
      </EmptyState>
    </>
  );
}
