import aboutUrl from '#web/assets/illustrations/about.svg';
import emptyRouteUrl from '#web/assets/illustrations/empty-route.svg';
import heroUrl from '#web/assets/illustrations/hero.svg';
import addTripUrl from '#web/assets/illustrations/steps/add-trip.svg';
import deliveryCodeUrl from '#web/assets/illustrations/steps/delivery-code.svg';
import escrowUrl from '#web/assets/illustrations/steps/escrow.svg';
import getPaidUrl from '#web/assets/illustrations/steps/get-paid.svg';
import handoverUrl from '#web/assets/illustrations/steps/handover.svg';
import moneyReleasedUrl from '#web/assets/illustrations/steps/money-released.svg';
import offerUrl from '#web/assets/illustrations/steps/offer.svg';
import pickupCodeUrl from '#web/assets/illustrations/steps/pickup-code.svg';
import postPackageUrl from '#web/assets/illustrations/steps/post-package.svg';
import travelerUrl from '#web/assets/illustrations/steps/traveler.svg';
import { cn } from '#web/lib/cn.ts';

// The public pages' illustrations (src/web/assets/illustrations, drawn for Tagalong, see its README):
// bundled SVG files, shown as images. They are decoration, so they say nothing to a screen reader.
// Each scales to its container's width and keeps its aspect ratio; width and height reserve the space.

interface IllustrationProps {
  className?: string;
}

function Illustration({
  src,
  width,
  height,
  className,
}: IllustrationProps & { src: string; width: number; height: number }) {
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={width}
      height={height}
      decoding="async"
      draggable={false}
      className={cn('block h-auto max-w-full select-none', className)}
    />
  );
}

/** The home page hero: a traveler with a suitcase taking a parcel from a sender, a route between two cities. */
export function HeroIllustration({ className }: IllustrationProps) {
  return <Illustration src={heroUrl} width={480} height={360} className={className} />;
}

/** The about page: a route across a map, a parcel, two people and a shield. */
export function AboutIllustration({ className }: IllustrationProps) {
  return <Illustration src={aboutUrl} width={480} height={220} className={className} />;
}

/** An empty list of packages or trips: a route with an empty, dashed parcel and a magnifier. */
export function EmptyRouteIllustration({ className }: IllustrationProps) {
  return <Illustration src={emptyRouteUrl} width={200} height={140} className={className} />;
}

const steps = {
  'post-package': postPackageUrl,
  escrow: escrowUrl,
  traveler: travelerUrl,
  'delivery-code': deliveryCodeUrl,
  'money-released': moneyReleasedUrl,
  'add-trip': addTripUrl,
  offer: offerUrl,
  'pickup-code': pickupCodeUrl,
  handover: handoverUrl,
  'get-paid': getPaidUrl,
} as const;
export type StepIllustrationName = keyof typeof steps;

/** One step of "How it works", drawn in a round badge (square, 64 × 64 at most). */
export function StepIllustration({ name, className }: IllustrationProps & { name: StepIllustrationName }) {
  return <Illustration src={steps[name]} width={64} height={64} className={className} />;
}
