import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function SendAPackagePage() {
  return (
    <>
      <PageHeader lead="Describe your package, where it goes and by when, set a reward for the traveler, then pay to publish it. Your money is held until the package is delivered." />
      <EmptyState
        title="Sending a package isn't available yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        The package form arrives with the packages work. Meanwhile, your dashboard shows which profile checks you still
        need before you can publish.
      </EmptyState>
    </>
  );
}
