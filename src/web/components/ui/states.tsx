import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** The empty state every list and page shows when there is nothing yet, saying what will come and how. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children ? <div className="mx-auto mt-2 max-w-prose text-slate-600">{children}</div> : null}
      {action ? <div className="mt-4 flex justify-center">{action}</div> : null}
    </section>
  );
}

export function ErrorState({ title, children, onRetry }: { title: string; children?: ReactNode; onRetry?: () => void }) {
  return (
    <section role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      <h2 className="font-semibold">{title}</h2>
      {children ? <div className="mt-1">{children}</div> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </section>
  );
}
