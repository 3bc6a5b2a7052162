import { packageStatusLabel } from '#shared/package-status.ts';
import type { PackageEvent } from '#shared/packages.ts';
import { formatDateTime } from '#web/lib/format.ts';

/** Every status change of the package, oldest first: who, when, from → to, and why. */
export function PackageTimeline({ events }: { events: PackageEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-slate-600">Nothing has happened yet.</p>;
  return (
    <ol className="flex flex-col">
      {events.map((event, index) => (
        <li key={event.id} className="relative flex gap-3 pb-4 last:pb-0">
          {index < events.length - 1 ? (
            <span aria-hidden="true" className="absolute top-4 left-[5px] h-full w-px bg-slate-300" />
          ) : null}
          <span aria-hidden="true" className="mt-1.5 size-[11px] shrink-0 rounded-full bg-brand-700" />
          <div className="min-w-0 text-sm">
            <p className="font-medium text-slate-900">
              {event.fromStatus === null ? (
                <>Created as {packageStatusLabel[event.toStatus].toLowerCase()}</>
              ) : (
                <>
                  {packageStatusLabel[event.fromStatus]}
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> to </span>
                  {packageStatusLabel[event.toStatus]}
                </>
              )}
            </p>
            <p className="text-slate-600">
              <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
              {' · '}
              {event.actor ? `by ${event.actor.name}` : 'by Tagalong'}
            </p>
            {event.note ? <p className="mt-0.5 break-words text-slate-700">{event.note}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
