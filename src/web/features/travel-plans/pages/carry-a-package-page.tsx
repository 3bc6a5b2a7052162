import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function CarryAPackagePage() {
  return (
    <>
      <PageHeader lead="Tell us about a trip you are already making: where from, where to, when, and how much room you have. Then choose a package to carry for a reward." />
      <EmptyState
        title="Adding a trip isn't available yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/dashboard">Go to your dashboard</Link>
          </Button>
        }
      >
        Travel plans arrive with the travel-plans work. Meanwhile, your dashboard shows which profile checks you still
        need before you can offer to carry a package.
      </EmptyState>
    </>
  );
}
