import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** Last step of "send a package": travelers whose trips fit the package, to invite one. */
export default function SearchingForTravelerPage() {
  return (
    <>
      <PageHeader lead="Travelers whose trips match your package's route and dates. Invite one to carry it." />
      <EmptyState
        title="No package to match yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/my-packages">Go to my packages</Link>
          </Button>
        }
      >
        Finding travelers for a package arrives with the matching work, after packages can be published.
      </EmptyState>
    </>
  );
}
