import { Link } from 'react-router';
import { packageStatusLabel } from '#shared/package-status.ts';
import type { Package } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** Why a package that is not open has no traveler search, and where to go instead. */
export function PackageNotSearchable({ pkg }: { pkg: Package }) {
  const packageLink = (label: string, variant: 'primary' | 'secondary' = 'primary') => (
    <Button asChild variant={variant}>
      <Link to={`/user/packages/${pkg.id}`}>{label}</Link>
    </Button>
  );
  if (pkg.status === 'draft') {
    return (
      <EmptyState
        title="This package is still a draft"
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to={`/user/packages/send-a-package/payment-process?${new URLSearchParams({ package: pkg.id })}`}>
                Go to payment
              </Link>
            </Button>
            {packageLink('Open the package', 'secondary')}
          </div>
        }
      >
        Travelers only see a package once it is paid for and published. Pay the reward and the platform fee (held until
        delivery), and we start looking for travelers right away.
      </EmptyState>
    );
  }
  if (pkg.status === 'matched' || pkg.status === 'in_transit' || pkg.status === 'delivered') {
    return (
      <EmptyState title="This package already has its traveler" action={packageLink('Follow your package')}>
        It is {packageStatusLabel[pkg.status].toLowerCase()}: there is no need to look for another traveler.
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title={`This package is ${packageStatusLabel[pkg.status].toLowerCase()}`}
      action={packageLink('Open the package', 'secondary')}
    >
      Travelers are only found for open packages.
    </EmptyState>
  );
}
