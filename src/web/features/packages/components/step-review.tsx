import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '#shared/money.ts';
import { type Package, packageSizeDimensions } from '#shared/packages.ts';
import { formatPhoneNumber } from '#shared/phone.ts';
import type { PublicSettings } from '#shared/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { categoryLabel, sizeLabel } from '../lib/labels.ts';
import { type StepId, wizardSteps } from '../lib/wizard-steps.ts';
import { feeNoteOf, MoneyBreakdown } from './money-breakdown.tsx';

const notGiven = <span className="text-slate-600">Not given yet</span>;
const orNot = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false ? notGiven : value;

function Section({ step, onEdit, children }: { step: StepId; onEdit: (step: StepId) => void; children: ReactNode }) {
  const { label } = wizardSteps.find((s) => s.id === step) as (typeof wizardSteps)[number];
  return (
    <section aria-labelledby={`review-${step}`} className="border-b border-slate-200 py-4 last:border-b-0">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id={`review-${step}`} className="font-semibold text-slate-900">
          {label}
        </h3>
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => onEdit(step)}>
          <Pencil aria-hidden="true" className="size-3.5" />
          Edit<span className="sr-only"> {label.toLowerCase()}</span>
        </Button>
      </div>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="mb-1 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const place = (p: Package['pickup']) =>
  p ? (
    <>
      {p.label}
      {p.address ? <span className="block text-slate-700">{p.address}</span> : null}
    </>
  ) : null;

/** Everything the draft holds, the photos too, each part with a way back to its step. */
export function StepReview({
  pkg,
  settings,
  onEdit,
}: {
  pkg: Package;
  settings: PublicSettings;
  onEdit: (step: StepId) => void;
}) {
  return (
    <div>
      <Section step="what" onEdit={onEdit}>
        <Facts
          rows={[
            ['Title', pkg.title],
            ['Category', orNot(pkg.category && categoryLabel[pkg.category])],
            ['Description', orNot(pkg.description)],
          ]}
        />
      </Section>
      <Section step="photos" onEdit={onEdit}>
        {pkg.photos.length > 0 ? (
          <ul aria-label="Photos" className="flex flex-wrap gap-2">
            {pkg.photos.map((photo, index) => (
              <li key={photo.id}>
                <img
                  src={photo.url}
                  alt={`${pkg.title}, ${index + 1} of ${pkg.photos.length}`}
                  width={photo.width}
                  height={photo.height}
                  className="size-20 rounded-md border border-slate-200 bg-slate-100 object-cover sm:size-24"
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">
            None yet. They are optional, but travelers choose packages they can see.
          </p>
        )}
      </Section>
      <Section step="route" onEdit={onEdit}>
        <Facts
          rows={[
            ['Pickup', orNot(place(pkg.pickup))],
            ['Drop-off', orNot(place(pkg.dropoff))],
          ]}
        />
      </Section>
      <Section step="when" onEdit={onEdit}>
        <Facts
          rows={[
            ['Ready for pickup from', orNot(pkg.pickupFrom && formatDateTime(pkg.pickupFrom))],
            ['Deliver by', orNot(pkg.deliverBy && formatDateTime(pkg.deliverBy))],
          ]}
        />
      </Section>
      <Section step="size" onEdit={onEdit}>
        <Facts
          rows={[
            ['Size', orNot(pkg.size && `${pkg.size} · ${sizeLabel[pkg.size]}, ${packageSizeDimensions[pkg.size]}`)],
            ['Weight', orNot(pkg.weightKg !== null && formatKg(pkg.weightKg))],
          ]}
        />
      </Section>
      <Section step="reward" onEdit={onEdit}>
        <MoneyBreakdown
          reward={pkg.reward}
          fee={pkg.fee}
          total={pkg.total}
          currency={pkg.currency}
          feeNote={feeNoteOf(settings, pkg.currency)}
          className="max-w-md"
        />
        <p className="mt-2 text-sm text-slate-700">
          Declared value: {pkg.declaredValue === null ? notGiven : formatMoney(pkg.declaredValue, pkg.currency)}
        </p>
      </Section>
      <Section step="recipient" onEdit={onEdit}>
        <Facts
          rows={[
            ['Name', orNot(pkg.recipientName)],
            ['Phone', orNot(pkg.recipientPhone && formatPhoneNumber(pkg.recipientPhone))],
            ['Notes for the traveler', orNot(pkg.notes)],
          ]}
        />
      </Section>
    </div>
  );
}
