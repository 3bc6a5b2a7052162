import { CreditCard } from 'lucide-react';
import { useEffect } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { useStartPayment } from '../api/payments.ts';
import { PaymentFailureNote } from './payment-failure-note.tsx';

/**
 * Starts (or reuses) the package's checkout and leaves for the provider's page. The button stays
 * busy until the page has gone, so a second press cannot open a second checkout meanwhile (the
 * server would hand back the same one anyway).
 */
export function PayButton({
  packageId,
  children,
  variant,
}: {
  packageId: string;
  children: React.ReactNode;
  variant?: ButtonProps['variant'];
}) {
  const start = useStartPayment(packageId);
  const { reset } = start;
  // Back from the provider's page through the browser's history: the page is restored as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const busy = start.isPending || start.isSuccess;
  return (
    <div>
      <Button
        variant={variant}
        size="lg"
        onClick={() => {
          if (!busy) start.mutate();
        }}
        aria-disabled={busy || undefined}
        className={busy ? 'cursor-progress opacity-70' : undefined}
      >
        <CreditCard aria-hidden="true" className="size-5" />
        {busy ? 'Opening the checkout…' : children}
      </Button>
      <PaymentFailureNote failure={start.isError ? describeError(start.error) : null} packageId={packageId} />
    </div>
  );
}
