import { useParams } from 'react-router';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { formatDate } from '#web/lib/format.ts';
import { useSession } from '#web/lib/session.ts';
import { usePackage } from '../api/packages.ts';
import { LifecyclePanel, type ViewerRole } from '../components/lifecycle-panel.tsx';
import { OfferPanel } from '../components/offer-panel.tsx';
import { PackageActions } from '../components/package-actions.tsx';
import { FullPackageDetails, PublicPackageDetails } from '../components/package-details.tsx';
import { PackageNotFound } from '../components/package-not-found.tsx';

/** /user/packages/{package_id}: one package, its status, its timeline and what the viewer may do. */
export default function PackagePage() {
  // The router has already turned a malformed id into its 404 page.
  const { package_id: id = '' } = useParams();
  const query = usePackage(id);
  const session = useSession();

  if (query.isPending) return <PageSpinner label="Loading the package" />;
  if (query.isError) {
    if ([403, 404].includes(errorStatus(query.error) ?? 0)) return <PackageNotFound />;
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load this package" onRetry={() => void query.refetch()}>
          Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  const pkg = query.data;
  const me = session.data;
  // Only its sender, its traveler and admins see the full package (the server decides).
  const role: ViewerRole | null =
    pkg.visibility !== 'full' || !me ? null : me.id === pkg.sender.id ? 'sender' : me.isAdmin ? 'admin' : 'traveler';
  return (
    <>
      <PageHeader
        title={pkg.title}
        lead={
          <span className="flex flex-wrap items-center gap-2">
            <PackageStatusBadge status={pkg.status} />
            <span>
              {pkg.visibility === 'full' ? 'Created' : 'Posted'} {formatDate(pkg.createdAt)}
            </span>
          </span>
        }
        actions={pkg.visibility === 'full' ? <PackageActions pkg={pkg} /> : null}
      />
      {pkg.visibility === 'full' ? (
        <div className="flex flex-col gap-4">
          {role ? <LifecyclePanel pkg={pkg} role={role} /> : null}
          <FullPackageDetails pkg={pkg} />
        </div>
      ) : (
        <>
          {pkg.status === 'open' && me && me.id !== pkg.sender.id ? <OfferPanel pkg={pkg} /> : null}
          <PublicPackageDetails pkg={pkg} />
        </>
      )}
    </>
  );
}
