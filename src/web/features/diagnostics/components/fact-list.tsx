import type { ReactNode } from 'react';

/** A definition list of labelled facts; each value can carry a test id. */
export function FactList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">{children}</dl>;
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="contents">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words font-mono text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
