import { Link } from 'react-router';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { NOTHING_CHARGED } from '#web/lib/errors/words/payments.ts';

/** Where to go to get past a failure, next to its words. */
function wayOut(failure: ErrorView, packageId: string) {
  switch (failure.code) {
    case 'PROFILE_NOT_VERIFIED':
      return { to: '/user/profile/my-profile', label: 'Finish verifying your profile' };
    case 'PACKAGE_NOT_READY_TO_PAY':
      return { to: `/user/packages/send-a-package?draft=${packageId}`, label: 'Finish the draft' };
    case 'UNAUTHENTICATED':
      return {
        to: `/auth/login?redirect=${encodeURIComponent(`/user/packages/${packageId}/payment`)}`,
        label: 'Sign in',
      };
    default:
      return null;
  }
}

/** What a failed payment request says; with no answer at all the sender still learns no money moved. */
export function paymentFailureMessage(failure: ErrorView): string {
  return failure.code === 'NETWORK' ? `${failure.message} ${NOTHING_CHARGED}` : failure.message;
}

/** A failed "Pay", in words, with the link that gets the sender past it. Lives in a live region. */
export function PaymentFailureNote({ failure, packageId }: { failure: ErrorView | null; packageId: string }) {
  const link = failure ? wayOut(failure, packageId) : null;
  return (
    <div role="alert" aria-atomic="true">
      {failure ? (
        <div className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-medium">{paymentFailureMessage(failure)}</p>
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
