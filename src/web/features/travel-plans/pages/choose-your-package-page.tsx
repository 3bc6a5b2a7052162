import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** Second step of "carry a package": open packages that fit the trip, to offer to carry one. */
export default function ChooseYourPackagePage() {
  return (
    <>
      <PageHeader lead="Open packages whose pickup and drop-off lie along your trip and fit its dates and free space. Offer to carry one." />
      <EmptyState
        title="No trip to match yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/carry-a-package">Back to carry a package</Link>
          </Button>
        }
      >
        Matching packages to your trip arrives with the matching work, after travel plans can be added.
      </EmptyState>
    </>
  );
}
