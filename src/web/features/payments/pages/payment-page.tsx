import { Link, useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** /user/packages/{package_id}/payment: pay the reward and the platform fee to publish a package. */
export default function PaymentPage() {
  const { package_id: packageId } = useParams();
  return (
    <>
      <PageHeader lead="Pay the traveler's reward and the platform fee to publish your package. The money is held until the package is delivered." />
      <EmptyState
        title="Payments arrive later"
        action={
          <Button asChild variant="secondary">
            <Link to={packageId ? `/user/packages/${packageId}` : '/user/packages/my-packages'}>
              Back to the package
            </Link>
          </Button>
        }
      >
        Paying for a package arrives with the payments work. Nothing has been charged.
      </EmptyState>
    </>
  );
}
