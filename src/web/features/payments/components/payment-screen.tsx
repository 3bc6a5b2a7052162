import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { packageStatusLabel } from '#shared/package-status.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { usePackageDue } from '../api/payments.ts';
import { AmountDue } from './amount-due.tsx';

const lead = 'The reward and the platform fee for your package. Paying publishes it; the money is held until delivery.';
const editPath = (id: string) => `/user/packages/send-a-package?draft=${id}`;
const packagePath = (id: string) => `/user/packages/${id}`;

function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader lead={lead} />
      {children}
    </>
  );
}

function NoSuchPackage() {
  return (
    <Frame>
      <EmptyState
        title="We couldn't find this package"
        action={
          <Button asChild>
            <Link to="/user/packages/my-packages?group=drafts">Go to my drafts</Link>
          </Button>
        }
      >
        The link may be incomplete, or the draft was deleted.
      </EmptyState>
    </Frame>
  );
}

/**
 * The amount due of a finished draft and "Pay" (docs/product.md §5), shared by
 * /user/packages/send-a-package/payment-process?package=<id> and /user/packages/{id}/payment.
 * `packageId` is null when the address names no package.
 */
export function PaymentScreen({ packageId }: { packageId: string | null }) {
  const due = usePackageDue(packageId);

  if (!packageId) return <NoSuchPackage />;
  if (due.isPending) return <PageSpinner label="Loading the amount due" />;
  if (due.isError) {
    if ([403, 404].includes(errorStatus(due.error) ?? 0)) return <NoSuchPackage />;
    return (
      <Frame>
        <ErrorState title="We couldn't load the amount due" onRetry={() => void due.refetch()}>
          Check your connection and try again. Nothing has been charged.
        </ErrorState>
      </Frame>
    );
  }
  const pkg = due.data;
  // Another member's package: only its sender pays for it.
  if (pkg.visibility !== 'full') return <NoSuchPackage />;
  if (pkg.status !== 'draft') {
    const paid = pkg.publishedAt !== null;
    return (
      <Frame>
        <EmptyState
          title={paid ? 'This package is paid for' : 'This package is not a draft'}
          action={
            <Button asChild>
              <Link to={packagePath(pkg.id)}>See the package</Link>
            </Button>
          }
        >
          “{pkg.title}” is {packageStatusLabel[pkg.status].toLowerCase()}, so there is nothing to pay here.
        </EmptyState>
      </Frame>
    );
  }
  const { reward, fee, total } = pkg;
  if (pkg.missing.length > 0 || reward === null || fee === null || total === null) {
    return (
      <Frame>
        <EmptyState
          title="This draft isn't finished"
          action={
            <Button asChild>
              <Link to={editPath(pkg.id)}>Finish the draft</Link>
            </Button>
          }
        >
          “{pkg.title}” still needs {pkg.missing.length} {pkg.missing.length === 1 ? 'detail' : 'details'} before it can
          be paid for.
        </EmptyState>
      </Frame>
    );
  }
  return (
    <Frame>
      <AmountDue pkg={pkg} reward={reward} fee={fee} total={total} />
    </Frame>
  );
}
