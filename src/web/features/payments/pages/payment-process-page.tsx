import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** Step two of "send a package": the reward plus the platform fee, then the checkout. */
export default function PaymentProcessPage() {
  return (
    <>
      <PageHeader lead="Check the reward and the platform fee for your package, then pay to publish it. The money is held until the package is delivered." />
      <EmptyState
        title="Payments arrive later"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/my-packages">Go to my packages</Link>
          </Button>
        }
      >
        Paying for a package arrives with the payments work. Nothing has been charged.
      </EmptyState>
    </>
  );
}
