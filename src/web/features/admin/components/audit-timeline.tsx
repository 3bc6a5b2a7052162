import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditSubjectType } from '#shared/audit.ts';
import { auditQueries } from '#web/api/admin-audit.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { auditActionWords, auditChanges } from './audit-words.ts';

/**
 * What administrators did to one record, newest first (docs/product.md §8): every record page of the
 * back office ends with it, so the next admin sees who acted, when and why before acting again.
 */
export function AuditTimeline({ subjectType, subjectId }: { subjectType: AuditSubjectType; subjectId: string }) {
  const query = useInfiniteQuery(auditQueries.timeline(subjectType, subjectId));
  const headingId = `audit-timeline-${subjectId}`;

  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Admin history
      </h2>
      {query.status === 'pending' ? (
        <div className="mt-3 space-y-2" role="status" aria-label="Loading the admin history">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : query.status === 'error' ? (
        <div className="mt-3">
          <ErrorState title="The admin history could not be loaded" headingLevel={3} onRetry={() => query.refetch()} />
        </div>
      ) : query.data.pages[0]?.items.length === 0 ? (
        <p className="mt-3 text-slate-600">No administrator has acted on this record.</p>
      ) : (
        <>
          <ol className="mt-3 space-y-3 border-l border-slate-200 pl-4">
            {query.data.pages
              .flatMap((page) => page.items)
              .map((entry) => (
                <TimelineEntry key={entry.id} entry={entry} />
              ))}
          </ol>
          {query.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-3"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function TimelineEntry({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <li className="rounded-md bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">{auditActionWords[entry.action]}</p>
      <p className="text-sm text-slate-600">
        {entry.actor ? entry.actor.name : 'A former administrator'} ·{' '}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
      {entry.reason ? <p className="mt-1 text-sm text-slate-800">“{entry.reason}”</p> : null}
      {changes.length > 0 ? (
        <ul className="mt-1 text-sm text-slate-600">
          {changes.map((change) => (
            <li key={change.field}>
              {change.field}: {change.from} → {change.to}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
