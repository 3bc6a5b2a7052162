import { Link } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import { type Package, type PackageView, type PublicPackage, packageSizeDimensions } from '#shared/packages.ts';
import { formatPhoneNumber } from '#shared/phone.ts';
import { RouteMap } from '#web/components/route-map/route-map.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { moneyNow, readerOf, totalLabel } from '#web/lib/money-words.ts';
import { useSession } from '#web/lib/session.ts';
import { usePublicSettings } from '#web/lib/settings.ts';
import { categoryLabel, sizeLabel } from '../lib/labels.ts';
import { DetailCard } from './detail-list.tsx';
import { MoneyBreakdown } from './money-breakdown.tsx';
import { PHOTO_INPUT_ID } from './package-actions.tsx';
import { PackageTimeline } from './package-timeline.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { PhotoUploader } from './photo-uploader.tsx';

const place = (p: Package['pickup']) =>
  p ? (
    <>
      {p.label}
      {p.address ? <span className="block text-slate-700">{p.address}</span> : null}
    </>
  ) : null;

const size = (pkg: PackageView) =>
  pkg.size && `${pkg.size} · ${sizeLabel[pkg.size]}, ${packageSizeDimensions[pkg.size]}`;

const whatRows = (pkg: PackageView): [string, React.ReactNode][] => [
  ['Category', pkg.category && categoryLabel[pkg.category]],
  ['Size', size(pkg)],
  ['Weight', pkg.weightKg !== null && formatKg(pkg.weightKg)],
  ['Description', pkg.description],
];

const whenRows = (pkg: PackageView): [string, React.ReactNode][] => [
  ['Ready for pickup from', pkg.pickupFrom && formatDateTime(pkg.pickupFrom)],
  ['Deliver by', pkg.deliverBy && formatDateTime(pkg.deliverBy)],
];

const personLink = (person: { id: string; name: string }) => (
  <Link
    to={`/user/view/${person.id}`}
    className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
  >
    {person.name}
  </Link>
);

/** Who sends it, who carries it, and the way to talk to each other once they are matched. */
function PeopleCard({ pkg }: { pkg: Package }) {
  return (
    <DetailCard title="People">
      <ul className="flex flex-col gap-1 text-sm">
        <li>
          <span className="text-slate-600">Sender: </span>
          {personLink(pkg.sender)}
        </li>
        <li>
          <span className="text-slate-600">Traveler: </span>
          {pkg.traveler ? personLink(pkg.traveler) : <span className="text-slate-700">none yet</span>}
        </li>
      </ul>
      {pkg.conversationId ? (
        <Button asChild variant="secondary" size="sm" className="mt-3">
          <Link to={`/user/communication/messages?c=${pkg.conversationId}`}>Open the conversation</Link>
        </Button>
      ) : null}
    </DetailCard>
  );
}

/** All of a package, for its sender (and admins, and its traveler). */
export function FullPackageDetails({ pkg }: { pkg: Package }) {
  const settings = usePublicSettings();
  const reader = readerOf(pkg, useSession().data?.id);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        {pkg.missing.length > 0 ? (
          <section
            aria-labelledby="package-missing"
            className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
          >
            <h2 id="package-missing" className="font-semibold">
              This draft isn't finished
            </h2>
            <p className="mt-1 text-sm">
              It needs {pkg.missing.length} more {pkg.missing.length === 1 ? 'detail' : 'details'} before you can pay
              and publish it.
            </p>
            {pkg.actions.includes('edit') ? (
              <Button asChild size="sm" className="mt-3">
                <Link to={`/user/packages/send-a-package?draft=${pkg.id}`}>Finish the draft</Link>
              </Button>
            ) : null}
          </section>
        ) : null}
        <DetailCard title="Photos" id="package-photos-heading">
          {pkg.actions.includes('edit') && settings.data ? (
            <PhotoUploader pkg={pkg} maxPhotos={settings.data.maxPhotos} inputId={PHOTO_INPUT_ID} />
          ) : (
            <PhotoGallery photos={pkg.photos} title={pkg.title} />
          )}
        </DetailCard>
        <DetailCard
          title="Route"
          rows={[
            ['Pickup', place(pkg.pickup)],
            ['Drop-off', place(pkg.dropoff)],
          ]}
        >
          <RouteOnMap from={pkg.pickup} to={pkg.dropoff} />
        </DetailCard>
        <DetailCard title="Dates" rows={whenRows(pkg)} />
        <DetailCard title="What's inside" rows={whatRows(pkg)} />
        <DetailCard
          title="Recipient"
          rows={[
            ['Name', pkg.recipientName],
            ['Phone', pkg.recipientPhone && formatPhoneNumber(pkg.recipientPhone)],
            ['Notes for the traveler', pkg.notes],
          ]}
        />
      </div>
      <div className="flex flex-col gap-4">
        {pkg.status === 'draft' ? null : <PeopleCard pkg={pkg} />}
        <DetailCard title="Money">
          <MoneyBreakdown
            reward={pkg.reward}
            fee={pkg.fee}
            total={pkg.total}
            currency={pkg.currency}
            totalLabel={totalLabel(pkg.status, reader)}
          />
          {/* The sender's payment line says it with the payment's date; everyone else reads it here. */}
          {reader === 'sender' && pkg.status !== 'draft' ? null : moneyNow(pkg.status, reader) ? (
            <p className="mt-3 text-sm text-slate-700" data-testid="money-now">
              {moneyNow(pkg.status, reader)}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-700">
            Declared value: {pkg.declaredValue === null ? 'not given' : formatMoney(pkg.declaredValue, pkg.currency)}
          </p>
          <PaymentSummary pkg={pkg} />
        </DetailCard>
        <DetailCard title="Timeline">
          <PackageTimeline events={pkg.timeline} handoffPhotos={pkg.handoffPhotos} />
        </DetailCard>
      </div>
    </div>
  );
}

/** What any member sees of a published package: cities only, no recipient, no street address. */
export function PublicPackageDetails({ pkg }: { pkg: PublicPackage }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="flex flex-col gap-4 lg:col-span-2">
        <DetailCard title="Photos">
          <PhotoGallery photos={pkg.photos} title={pkg.title} />
        </DetailCard>
        <DetailCard
          title="Route"
          rows={[
            ['Pickup', pkg.pickup?.label],
            ['Drop-off', pkg.dropoff?.label],
          ]}
        >
          <RouteOnMap from={pkg.pickup} to={pkg.dropoff} />
        </DetailCard>
        <DetailCard title="Dates" rows={whenRows(pkg)} />
        <DetailCard title="What's inside" rows={whatRows(pkg)} />
      </div>
      <div className="flex flex-col gap-4">
        <DetailCard
          title="Reward"
          rows={[['For the traveler', pkg.reward === null ? null : formatMoney(pkg.reward, pkg.currency)]]}
        />
        <DetailCard title="Sender">{personLink(pkg.sender)}</DetailCard>
      </div>
    </div>
  );
}

type Located = { city: string; lat?: number | undefined; lng?: number | undefined } | null;

/** The route on a map, once both places are chosen (a draft may have neither). */
function RouteOnMap({ from, to }: { from: Located; to: Located }) {
  if (from?.lat === undefined || from.lng === undefined || to?.lat === undefined || to.lng === undefined) return null;
  return (
    <RouteMap
      className="mt-3"
      from={{ city: from.city, lat: from.lat, lng: from.lng }}
      to={{ city: to.city, lat: to.lat, lng: to.lng }}
    />
  );
}
