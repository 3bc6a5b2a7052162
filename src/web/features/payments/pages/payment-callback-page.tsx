import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2, Undo2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import { packageStatusLabel } from '#shared/package-status.ts';
import type { Payment } from '#shared/payments.ts';
import { packageQueries } from '#web/api/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { cn } from '#web/lib/cn.ts';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { moneyNow } from '#web/lib/money-words.ts';
import { useLatestPayment, usePaymentLiveUpdates } from '../api/payments.ts';
import { PayButton } from '../components/pay-button.tsx';
import { CALLBACK_POLL_MS, type CallbackView, callbackView } from '../lib/callback-view.ts';

/** After this long still waiting, the page offers the way back to the checkout. */
const SLOW_MS = 20_000;

const tones = {
  info: 'border-slate-200 bg-white text-slate-900',
  success: 'border-green-200 bg-green-50 text-green-900',
  failure: 'border-red-200 bg-red-50 text-red-900',
} as const;

function Outcome({
  view,
  tone,
  icon,
  title,
  children,
  actions,
}: {
  view: CallbackView;
  tone: keyof typeof tones;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = `payment-${view}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-lg border p-6 text-center sm:p-8', tones[tone])}
      data-testid="payment-result"
      data-result={view}
    >
      {icon}
      <h2 id={headingId} className="mt-3 text-lg font-semibold">
        {title}
      </h2>
      <div className="mx-auto mt-2 max-w-prose">{children}</div>
      {actions ? <div className="mt-4 flex flex-col items-center gap-3">{actions}</div> : null}
    </section>
  );
}

const packageLink = (packageId: string, label = 'See the package') => (
  <Button asChild variant="secondary">
    <Link to={`/user/packages/${packageId}`}>{label}</Link>
  </Button>
);

function Processing({ payment }: { payment: Payment }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Outcome
      view="processing"
      tone="info"
      icon={<Loader2 aria-hidden="true" className="mx-auto size-10 animate-spin text-brand-700" />}
      title="Confirming your payment…"
    >
      <p role="status">
        We are waiting for the payment provider to confirm {formatMoney(payment.amount, payment.currency)}. This page
        updates by itself; it usually takes a few seconds.
      </p>
      {slow ? (
        <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-700">
          <p>Left the payment page before paying? Go back to it: you will not be charged twice.</p>
          <PayButton packageId={payment.packageId} variant="secondary">
            Back to the checkout
          </PayButton>
        </div>
      ) : null}
    </Outcome>
  );
}

function Succeeded({ payment }: { payment: Payment }) {
  // Coming back here later (a reload, the browser's history), the package has moved on: say where it
  // is now, and offer travelers only while it still looks for one.
  const pkg = useQuery(packageQueries.detail(payment.packageId));
  const status = pkg.data?.status ?? 'open';
  const looking = status === 'open';
  return (
    <Outcome
      view="succeeded"
      tone="success"
      icon={<CircleCheck aria-hidden="true" className="mx-auto size-10 text-green-700" />}
      title="Payment received"
      actions={
        <>
          {looking ? (
            <Button asChild>
              <Link to={`/user/packages/send-a-package/searching-for-traveler?package=${payment.packageId}`}>
                Find a traveler
              </Link>
            </Button>
          ) : null}
          {packageLink(payment.packageId)}
        </>
      }
    >
      <p data-package-status={status}>
        We received {formatMoney(payment.amount, payment.currency)}.{' '}
        {looking
          ? 'Your package is published and travelers going your way can see it.'
          : `Your package is ${packageStatusLabel[status].toLowerCase()} now.`}{' '}
        {moneyNow(status, 'sender')}
      </p>
    </Outcome>
  );
}

function Failed({ payment }: { payment: Payment }) {
  return (
    <Outcome
      view="failed"
      tone="failure"
      icon={<CircleX aria-hidden="true" className="mx-auto size-10 text-red-700" />}
      title="Your payment didn't go through"
      actions={
        <>
          <PayButton packageId={payment.packageId}>Try again</PayButton>
          {packageLink(payment.packageId)}
        </>
      }
    >
      <p className="font-medium">{payment.failureReason ?? 'The payment provider did not accept the payment.'}</p>
      <p className="mt-1">Nothing has been charged and your package is still a draft.</p>
    </Outcome>
  );
}

function Cancelled({ payment }: { payment: Payment }) {
  return (
    <Outcome
      view="cancelled"
      tone="info"
      icon={<Undo2 aria-hidden="true" className="mx-auto size-10 text-slate-600" />}
      title="Payment cancelled"
      actions={
        <>
          <PayButton packageId={payment.packageId}>Pay {formatMoney(payment.amount, payment.currency)}</PayButton>
          {packageLink(payment.packageId)}
        </>
      }
    >
      <p>You left the checkout without paying. Nothing has been charged and your package is still a draft.</p>
    </Outcome>
  );
}

function Refunded({ payment }: { payment: Payment }) {
  const full = payment.refundedAmount >= payment.amount;
  return (
    <Outcome
      view="refunded"
      tone="info"
      icon={<Undo2 aria-hidden="true" className="mx-auto size-10 text-slate-600" />}
      title={full ? 'This payment was refunded' : 'This payment was partly refunded'}
      actions={packageLink(payment.packageId)}
    >
      <p>
        You paid {formatMoney(payment.amount, payment.currency)} and{' '}
        {formatMoney(payment.refundedAmount, payment.currency)} {full ? 'was' : 'of it was'} refunded.
      </p>
    </Outcome>
  );
}

const views: Record<CallbackView, (props: { payment: Payment }) => ReactNode> = {
  processing: Processing,
  succeeded: Succeeded,
  failed: Failed,
  cancelled: Cancelled,
  refunded: Refunded,
};

/**
 * /user/packages/{package_id}/payment/callback: where the payment provider sends the browser back.
 * The provider's signed webhook, not this page, decides the outcome (docs/product.md §5): the page only
 * reads the payment, polling while it is pending and at once when the success notification arrives.
 */
export default function PaymentCallbackPage() {
  const { package_id: packageId = '' } = useParams();
  const [params] = useSearchParams();
  const leftCheckout = params.get('cancelled') === '1';
  const latest = useLatestPayment(packageId, leftCheckout ? {} : { pollWhilePendingMs: CALLBACK_POLL_MS });
  usePaymentLiveUpdates(packageId);

  let body: ReactNode;
  if (latest.isPending) body = <PageSpinner label="Loading your payment" />;
  else if (latest.isError) {
    body =
      errorStatus(latest.error) === 404 ? (
        <EmptyState
          title="No payment for this package yet"
          action={
            <Button asChild>
              <Link to={`/user/packages/${packageId}/payment`}>Go to payment</Link>
            </Button>
          }
        >
          <p>Nothing has been charged. Pay from the package's payment page to publish it.</p>
        </EmptyState>
      ) : (
        <ErrorState title="We couldn't load your payment" onRetry={() => void latest.refetch()}>
          <p>Check your connection and try again. Refreshing this page never charges you twice.</p>
        </ErrorState>
      );
  } else {
    const View = views[callbackView(latest.data, { leftCheckout })];
    body = <View payment={latest.data} />;
  }

  return (
    <>
      <PageHeader lead="Whether your payment went through, as our payment provider confirmed it." />
      {body}
    </>
  );
}
