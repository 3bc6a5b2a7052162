import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** The empty state every list and page shows when there is nothing yet, saying what will come and how. */
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** 3 when the state sits inside a section that already has an h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-label={title} className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {children ? <div className="mx-auto mt-2 max-w-prose text-slate-600">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </section>
  );
}

export function ErrorState({
  title,
  children,
  onRetry,
  headingLevel = 2,
}: {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      <Heading className="font-semibold">{title}</Heading>
      {children ? <div className="mt-1">{children}</div> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </section>
  );
}
