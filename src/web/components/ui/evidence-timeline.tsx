import type { ReactNode } from 'react';
import { type Dispute, disputeReasonLabel, type EvidencePhoto } from '#shared/lifecycle.ts';
import { formatDateTime } from '#web/lib/format.ts';

// A dispute as one timeline (docs/product.md §2.5): who opened it and why, the handover photos, what
// each side added, and the resolution. Presentational only, so the member's package page and the back
// office's render the same thing from the same contract.

const resolutionWords = {
  refund_sender: 'Resolved: the sender was refunded.',
  release_traveler: 'Resolved: the reward was released to the traveler.',
} as const;

const roleWords = { sender: 'sender', traveler: 'traveler' } as const;
const stepWords = { pickup: 'Pickup', delivery: 'Delivery' } as const;

/** A thumbnail that opens the photo full size in a new tab. */
function Thumbnail({ photo, label }: { photo: EvidencePhoto; label: string }) {
  return (
    <a
      href={photo.url}
      target="_blank"
      rel="noreferrer"
      className="block size-20 overflow-hidden rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <img
        src={photo.url}
        alt={`${label} (opens full size)`}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        className="size-full object-cover"
      />
    </a>
  );
}

function Entry({ title, at, children }: { title: ReactNode; at: string; children?: ReactNode }) {
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0">
      <span aria-hidden="true" className="mt-1.5 size-[11px] shrink-0 rounded-full bg-brand-700" />
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="font-medium text-slate-900">{title}</p>
        <p className="text-slate-600">
          <time dateTime={at}>{formatDateTime(at)}</time>
        </p>
        {children}
      </div>
    </li>
  );
}

export function EvidenceTimeline({ dispute }: { dispute: Dispute }) {
  const handoffs = dispute.handoffPhotos;
  return (
    <ol className="flex flex-col" aria-label="Dispute timeline">
      <Entry title={`Opened by ${dispute.openedBy.name} (${roleWords[dispute.openedBy.role]})`} at={dispute.createdAt}>
        <p className="text-slate-800">{disputeReasonLabel[dispute.reason]}</p>
        <blockquote className="rounded-md bg-slate-50 p-3 whitespace-pre-line break-words text-slate-900">
          {dispute.details}
        </blockquote>
      </Entry>
      {handoffs.map((photo) => (
        <Entry key={photo.step} title={`${stepWords[photo.step]} photo by the traveler`} at={photo.createdAt}>
          <Thumbnail photo={photo} label={`${stepWords[photo.step]} photo`} />
        </Entry>
      ))}
      {dispute.evidence.map((item) => (
        <Entry
          key={item.id}
          title={`${item.author.name} (${roleWords[item.author.role]}) added evidence`}
          at={item.createdAt}
        >
          {item.text ? <p className="whitespace-pre-line break-words text-slate-800">{item.text}</p> : null}
          {item.photos.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={`Photos from ${item.author.name}`}>
              {item.photos.map((photo, index) => (
                <li key={photo.url}>
                  <Thumbnail photo={photo} label={`Photo ${index + 1} from ${item.author.name}`} />
                </li>
              ))}
            </ul>
          ) : null}
        </Entry>
      ))}
      {dispute.status === 'resolved' && dispute.resolvedAt ? (
        <Entry title={dispute.resolution ? resolutionWords[dispute.resolution] : 'Resolved'} at={dispute.resolvedAt}>
          {dispute.resolutionNote ? <p className="break-words text-slate-800">“{dispute.resolutionNote}”</p> : null}
        </Entry>
      ) : null}
    </ol>
  );
}
