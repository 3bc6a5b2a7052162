import { packageStatuses } from '#shared/package-status.ts';
import { Badge, PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { PageSpinner, Spinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { showToast, type ToastType } from '#web/lib/toasts.ts';
import { ShowcaseGroup, ShowcaseSection } from './showcase-section.tsx';

const toastExamples: { type: ToastType; label: string; message: string }[] = [
  { type: 'default', label: 'Default', message: 'Your draft was saved.' },
  { type: 'success', label: 'Success', message: 'Payment received. Your package is now open.' },
  { type: 'info', label: 'Info', message: 'A traveler offered to carry your package.' },
  { type: 'warning', label: 'Warning', message: 'Your identity check is still pending.' },
  { type: 'error', label: 'Error', message: 'That delivery code is not right. Try again.' },
];

const badgeVariants = ['neutral', 'info', 'success', 'warning', 'danger'] as const;

export function ToastsShowcase() {
  return (
    <ShowcaseSection
      id="toasts"
      title="Toasts"
      description="Short confirmations; they hide themselves after 3 seconds."
    >
      <div className="flex flex-wrap gap-2">
        {toastExamples.map((t) => (
          <Button key={t.type} variant="secondary" onClick={() => showToast(t.message, t.type)}>
            {t.label} toast
          </Button>
        ))}
      </div>
    </ShowcaseSection>
  );
}

export function BadgesShowcase() {
  return (
    <ShowcaseSection id="badges" title="Badges" description="Every package status has its own label and colour.">
      <ShowcaseGroup title="Package statuses">
        <ul className="flex flex-wrap gap-2">
          {packageStatuses.map((status) => (
            <li key={status}>
              <PackageStatusBadge status={status} />
            </li>
          ))}
        </ul>
      </ShowcaseGroup>
      <ShowcaseGroup title="Variants">
        <ul className="flex flex-wrap gap-2">
          {badgeVariants.map((variant) => (
            <li key={variant}>
              <Badge variant={variant}>{variant}</Badge>
            </li>
          ))}
        </ul>
      </ShowcaseGroup>
    </ShowcaseSection>
  );
}

export function StatesShowcase() {
  return (
    <ShowcaseSection
      id="states"
      title="Empty, error and loading states"
      description="Every list and page shows one of these instead of a blank screen."
    >
      <div className="grid gap-4 md:grid-cols-2">
        <EmptyState headingLevel={3} title="No packages yet" action={<Button size="sm">Send a package</Button>}>
          Packages you post will appear here.
        </EmptyState>
        <ErrorState
          headingLevel={3}
          title="We couldn’t load your packages"
          onRetry={() => showToast('Example only.', 'info')}
        >
          Check your connection and try again.
        </ErrorState>
        <div className="rounded-lg border border-slate-200 bg-white">
          <PageSpinner label="Loading packages" />
        </div>
        <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5">
          <Spinner label="Loading package details" className="text-slate-600" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      </div>
    </ShowcaseSection>
  );
}
