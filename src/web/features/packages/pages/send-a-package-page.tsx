import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { packageStatusLabel } from '#shared/package-status.ts';
import type { Package } from '#shared/packages.ts';
import { isValidRouteParam } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { usePublicSettings } from '#web/lib/settings.ts';
import { usePackage } from '../api/packages.ts';
import { SendPackageWizard } from '../components/send-package-wizard.tsx';

const lead =
  'Describe your package, where it goes and by when, and set a reward for the traveler. Your draft is saved at every step; you pay to publish it at the end.';

function DraftGone() {
  return (
    <>
      <PageHeader lead={lead} />
      <EmptyState
        title="We couldn't find this draft"
        action={
          <Button asChild>
            <Link to="/user/packages/send-a-package">Start a new package</Link>
          </Button>
        }
      >
        It may have been deleted, or the link is not complete. Your drafts are in{' '}
        <Link
          className="font-medium text-brand-700 underline underline-offset-4"
          to="/user/packages/my-packages?group=drafts"
        >
          My packages
        </Link>
        .
      </EmptyState>
    </>
  );
}

/**
 * /user/packages/send-a-package[?draft=<id>]: the step-by-step form. The draft's id lives in the
 * address, so a reload (or the package page's "Edit") opens the same draft at its first unfinished step.
 */
export default function SendAPackagePage() {
  const [params] = useSearchParams();
  const draftParam = params.get('draft');
  const settings = usePublicSettings();

  // The draft this page created itself keeps the same form on screen when its id enters the address;
  // leaving for a bare /send-a-package (the menu) starts a new one.
  const [session, setSession] = useState({ draft: draftParam, created: null as string | null, fresh: 0 });
  if (session.draft !== draftParam) {
    setSession({
      draft: draftParam,
      created: draftParam ? session.created : null,
      fresh: draftParam ? session.fresh : session.fresh + 1,
    });
  }
  const validId = draftParam && isValidRouteParam(draftParam) ? draftParam : null;
  const loadId = validId && validId !== session.created ? validId : null;
  const draft = usePackage(loadId);

  if (draftParam && !validId) return <DraftGone />;
  if (settings.isPending || (loadId && draft.isPending)) return <PageSpinner label="Loading the form" />;
  if (settings.isError || (loadId && draft.isError)) {
    if (loadId && draft.isError && [403, 404].includes(errorStatus(draft.error) ?? 0)) return <DraftGone />;
    return (
      <>
        <PageHeader lead={lead} />
        <ErrorState
          title="We couldn't load the form"
          onRetry={() => void (settings.isError ? settings.refetch() : draft.refetch())}
        >
          Check your connection and try again.
        </ErrorState>
      </>
    );
  }

  const loaded = loadId ? draft.data : undefined;
  if (loaded && (loaded.visibility !== 'full' || loaded.status !== 'draft')) {
    if (loaded.visibility !== 'full') return <DraftGone />;
    return (
      <>
        <PageHeader lead={lead} />
        <EmptyState
          title="This package is no longer a draft"
          action={
            <Button asChild>
              <Link to={`/user/packages/${loaded.id}`}>See the package</Link>
            </Button>
          }
        >
          “{loaded.title}” is {packageStatusLabel[loaded.status].toLowerCase()}, so its details can't be changed here.
        </EmptyState>
      </>
    );
  }

  const onCreated = (pkg: Package) => {
    // Only `created` here: the address may change a render later, and that render must not read as
    // "left for a bare /send-a-package".
    // The wizard puts the id in the address itself, with its step.
    setSession((s) => ({ ...s, created: pkg.id }));
  };

  return (
    <>
      <PageHeader lead={lead} />
      <SendPackageWizard
        key={loadId ? `draft:${loadId}` : `new:${session.fresh}`}
        initial={loaded?.visibility === 'full' ? loaded : null}
        settings={settings.data}
        onCreated={onCreated}
      />
    </>
  );
}
