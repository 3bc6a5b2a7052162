import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import type { SandboxCheckout } from '#shared/payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { useSandboxCheckout } from '../api/sandbox-checkout.ts';
import { SandboxCardForm } from '../components/sandbox-card-form.tsx';

function TestModeNote() {
  return (
    <div
      role="note"
      aria-label="Test mode"
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>
        <p>
          <strong className="font-semibold">Test mode.</strong> No payment provider is configured, so this page plays
          its part and no money moves. Use a test card:
        </p>
        <ul className="mt-1 list-disc pl-5">
          <li>
            <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span> pays
          </li>
          <li>
            <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> is declined
          </li>
        </ul>
        <p className="mt-1">Any expiry (MM/YY), any 3 digits and any name will do.</p>
      </div>
    </div>
  );
}

/** A checkout that no longer takes a card, and where to go instead. */
function Closed({ checkout }: { checkout: SandboxCheckout }) {
  const paid = ['succeeded', 'refunded', 'partially_refunded'].includes(checkout.status);
  const words: Record<SandboxCheckout['status'], string> = {
    pending: 'is being closed',
    succeeded: 'was paid',
    refunded: 'was paid, then refunded',
    partially_refunded: 'was paid, then partly refunded',
    failed: 'was declined',
    cancelled: 'was cancelled',
    amount_mismatch: 'was paid for the wrong amount and refunded',
  };
  return (
    <EmptyState
      title="This checkout is closed"
      action={
        <Button asChild>
          {paid ? (
            <Link to={`/user/packages/${checkout.packageId}/payment/callback`}>See the payment</Link>
          ) : (
            <Link to={`/user/packages/${checkout.packageId}/payment`}>Go back to pay</Link>
          )}
        </Button>
      }
    >
      <p>
        The checkout for “{checkout.packageTitle}” {words[checkout.status]}. Each checkout takes one answer
        {paid ? '.' : '; start a new one from the package’s payment page.'}
      </p>
    </EmptyState>
  );
}

/**
 * /pay/sandbox/{ref}: the embedded payment provider's hosted checkout. It stands in for
 * Stripe Checkout: the card's outcome travels to our webhook signed, like Stripe's events, and the
 * browser then goes to the return page.
 */
export default function SandboxCheckoutPage() {
  // The route table has already turned a malformed reference into the 404 page.
  const { ref = '' } = useParams();
  const checkout = useSandboxCheckout(ref);

  let body: ReactNode;
  if (checkout.isPending) body = <PageSpinner label="Loading the checkout" />;
  else if (checkout.isError)
    body = [403, 404].includes(errorStatus(checkout.error) ?? 0) ? (
      <EmptyState
        title="There is no such checkout"
        action={
          <Button asChild>
            <Link to="/user/packages/my-packages">Go to my packages</Link>
          </Button>
        }
      >
        <p>This link is not one of your checkouts. Start paying from your package’s page.</p>
      </EmptyState>
    ) : (
      <ErrorState title="We couldn't load the checkout" onRetry={() => void checkout.refetch()}>
        <p>Check your connection and try again. Nothing has been charged.</p>
      </ErrorState>
    );
  else if (!checkout.data.open) body = <Closed checkout={checkout.data} />;
  else
    body = (
      <Card>
        <CardHeader>
          <CardTitle>Pay Tagalong</CardTitle>
          <p className="text-3xl font-bold tabular-nums tracking-tight text-slate-900">
            {formatMoney(checkout.data.amount, checkout.data.currency)}
          </p>
          <p className="text-sm text-slate-600">For the package “{checkout.data.packageTitle}”</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <TestModeNote />
          <SandboxCardForm checkout={checkout.data} onClosed={() => void checkout.refetch()} />
        </CardContent>
      </Card>
    );

  return (
    <>
      <PageHeader lead="Sandbox payment provider" />
      {body}
    </>
  );
}
