import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { useMyOpenPackages } from '../api/traveler-search.ts';

export const searchingHref = (packageId: string) =>
  `/user/packages/send-a-package/searching-for-traveler?${new URLSearchParams({ package: packageId })}`;

/** No package chosen (or one that can't be matched): my open packages, each a link to its travelers. */
export function PickAPackage({ title, children }: { title: string; children: React.ReactNode }) {
  const packages = useMyOpenPackages({ enabled: true });
  if (packages.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your packages" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (packages.isError) {
    return (
      <ErrorState title="We couldn't load your packages" onRetry={() => void packages.refetch()}>
        Check your connection and try again.
      </ErrorState>
    );
  }
  const items = packages.data.items;
  if (items.length === 0) {
    return (
      <EmptyState
        title={title}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link to="/user/packages/send-a-package">Send a package</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/user/packages/my-packages">My packages</Link>
            </Button>
          </div>
        }
      >
        {children} You have no published package: travelers are found for a package once it is paid for and open.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="pick-a-package-title" className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="pick-a-package-title" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600">{children} Choose one of your open packages:</p>
      <ul className="mt-4 flex flex-col gap-2">
        {items.map((pkg) => (
          <li key={pkg.id}>
            <Link
              to={searchingHref(pkg.id)}
              className="flex flex-wrap items-baseline justify-between gap-x-4 rounded-md border border-slate-200 px-4 py-3 hover:border-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="font-medium break-words text-brand-700">{pkg.title}</span>
              {pkg.pickup && pkg.dropoff ? (
                <span className="text-sm text-slate-600">
                  {pkg.pickup.city} → {pkg.dropoff.city}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
