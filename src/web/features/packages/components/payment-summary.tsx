import type { Package } from '#shared/packages.ts';
import { formatDate } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.ts';
import { usePackagePayment } from '../api/package-payment.ts';
import { paymentLine } from '../lib/payment-line.ts';

/**
 * What the sender paid for the package and what came back, under its money. Only for the sender,
 * and only once the package was published (only a payment publishes one). Says nothing while
 * loading or when there is no payment to tell of (the demo's seeded packages were never paid).
 */
export function PaymentSummary({ pkg }: { pkg: Package }) {
  const session = useSession();
  const mine = session.data?.id === pkg.sender.id;
  const payment = usePackagePayment(pkg.id, mine && pkg.publishedAt !== null);
  const line = payment.data ? paymentLine(payment.data, formatDate, pkg.status) : null;
  if (!line) return null;
  return (
    <p className="mt-3 border-t border-slate-200 pt-3 text-sm text-slate-800" data-testid="package-payment">
      {line}
    </p>
  );
}
