import { packageStatusLabel } from '#shared/package-status.ts';
import type { HandoffPhoto, PackageEvent } from '#shared/packages.ts';
import { formatDateTime } from '#web/lib/format.ts';

/** The handover a move makes, whose photo the traveler may have added (docs/product.md §2.4). */
const handoffOf = (event: PackageEvent) =>
  event.toStatus === 'in_transit' ? 'pickup' : event.toStatus === 'delivered' ? 'delivery' : null;

/** Every status change of the package, oldest first: who, when, from → to, and why; handover photos beside theirs. */
export function PackageTimeline({
  events,
  handoffPhotos = [],
}: {
  events: PackageEvent[];
  handoffPhotos?: HandoffPhoto[];
}) {
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
            {handoffPhotos
              .filter((photo) => photo.step === handoffOf(event))
              .map((photo) => (
                <a
                  key={photo.step}
                  href={photo.url}
                  target="_blank"
                  rel="noreferrer"
                  className="mt-1 block size-20 overflow-hidden rounded-md border border-slate-200"
                >
                  <img
                    src={photo.url}
                    alt={`The ${photo.step} as the traveler saw it (opens full size)`}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </a>
              ))}
          </div>
        </li>
      ))}
    </ol>
  );
}
