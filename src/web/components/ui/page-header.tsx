import type { ReactNode } from 'react';
import { useRouteTitle } from '#web/lib/route-title.ts';

/** The page's h1, from the route table unless given, with an optional lead and actions. */
export function PageHeader({ title, lead, actions }: { title?: string; lead?: ReactNode; actions?: ReactNode }) {
  const routeTitle = useRouteTitle();
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title ?? routeTitle}</h1>
        {lead ? <p className="mt-1 max-w-prose text-slate-600">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
