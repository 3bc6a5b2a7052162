import { Link, useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/**
 * The payment provider's return page. It will show the payment's state as the server knows it:
 * the provider's signed webhook, not this page, decides the outcome (PRODUCT.md §5).
 */
export default function PaymentCallbackPage() {
  const { package_id: packageId } = useParams();
  return (
    <>
      <PageHeader lead="After you pay, you come back here to see whether the payment went through and your package is published." />
      <EmptyState
        title="No payment to show"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/my-packages">Go to my packages</Link>
          </Button>
        }
      >
        <p>
          Payments arrive later, so there is no payment for package{' '}
          <code className="break-all rounded bg-slate-100 px-1 text-sm text-slate-800">{packageId}</code> and nothing
          has been charged.
        </p>
      </EmptyState>
    </>
  );
}
