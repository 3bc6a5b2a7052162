import { Link } from 'react-router';
import type { PaymentFailure } from '../api/payment-errors.ts';

/** Where to go to get past a failure, next to its words. */
function wayOut(failure: PaymentFailure, packageId: string) {
  switch (failure.kind) {
    case 'not_verified':
      return { to: '/user/profile/my-profile', label: 'Finish verifying your profile' };
    case 'unfinished':
      return { to: `/user/packages/send-a-package?draft=${packageId}`, label: 'Finish the draft' };
    case 'session':
      return {
        to: `/auth/login?redirect=${encodeURIComponent(`/user/packages/${packageId}/payment`)}`,
        label: 'Sign in',
      };
    default:
      return null;
  }
}

/** A failed "Pay", in words, with the link that gets the sender past it. Lives in a live region. */
export function PaymentFailureNote({ failure, packageId }: { failure: PaymentFailure | null; packageId: string }) {
  const link = failure ? wayOut(failure, packageId) : null;
  return (
    <div role="alert" aria-atomic="true">
      {failure ? (
        <div className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{failure.message}</p>
          {link ? (
            <Link
              to={link.to}
              className="mt-1 inline-block font-medium text-red-900 underline underline-offset-4 hover:text-red-950"
            >
              {link.label}
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
