import { Link, useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** /user/packages/{package_id}: one package, its status, its traveler and its timeline. */
export default function PackagePage() {
  const { package_id: packageId } = useParams();
  return (
    <>
      <PageHeader lead="A package's details, its traveler, and every step from payment to delivery." />
      <EmptyState
        title="This package could not be loaded yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/packages/my-packages">Back to my packages</Link>
          </Button>
        }
      >
        <p>
          Package details arrive with the packages work, so package{' '}
          <code className="break-all rounded bg-slate-100 px-1 text-sm text-slate-800">{packageId}</code> can't be shown
          yet.
        </p>
      </EmptyState>
    </>
  );
}
