import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { useSession } from '#web/lib/session.ts';
import { usePackageToMatch } from '../api/traveler-search.ts';
import { PackageNotSearchable } from '../components/package-not-searchable.tsx';
import { PackageToMatch } from '../components/package-to-match.tsx';
import { PickAPackage } from '../components/pick-a-package.tsx';
import { TravelerMatches } from '../components/traveler-matches.tsx';

const LEAD = "Travelers whose trips pass near your package's pickup and drop-off, in its dates and with room for it.";

/** /user/packages/send-a-package/searching-for-traveler?package=<id>: the trips that fit my open package. */
export default function SearchingForTravelerPage() {
  const [params] = useSearchParams();
  const packageId = params.get('package');
  return (
    <>
      <PageHeader lead={LEAD} />
      {packageId ? (
        <ChosenPackage packageId={packageId} />
      ) : (
        <PickAPackage title="Which package?">
          Travelers are matched to one package: its route, dates and weight.
        </PickAPackage>
      )}
    </>
  );
}

function ChosenPackage({ packageId }: { packageId: string }) {
  const pkg = usePackageToMatch(packageId);
  const session = useSession();
  if (pkg.isPending) return <PageSpinner label="Loading your package" />;
  if (pkg.isError) {
    const status = errorStatus(pkg.error);
    // A malformed id is a 400 from the API; to the sender it is the same missing package.
    if (status === 404 || status === 400 || status === 403) {
      return <PickAPackage title="Package not found">We can't find that package among yours.</PickAPackage>;
    }
    return (
      <ErrorState title="We couldn't load your package" onRetry={() => void pkg.refetch()}>
        {errorMessage(pkg.error)}
      </ErrorState>
    );
  }
  // Anyone signed in may read an open package's public part, and an admin all of it; only its sender
  // looks for its traveler.
  if (pkg.data.visibility !== 'full' || (session.data && pkg.data.sender.id !== session.data.id)) {
    return (
      <PickAPackage title="This is not your package">Only a package's sender can look for its traveler.</PickAPackage>
    );
  }
  const full = pkg.data;
  return (
    <div className="flex flex-col gap-8">
      <PackageToMatch pkg={full} />
      {full.status === 'open' ? <TravelerMatches pkg={full} /> : <PackageNotSearchable pkg={full} />}
    </div>
  );
}
