import type { PublicPlace } from '#shared/packages.ts';

/** "Paris → Berlin", read as "Paris to Berlin"; a city not chosen yet says so. */
export function RouteText({ from, to }: { from: PublicPlace | null; to: PublicPlace | null }) {
  return (
    <>
      {from?.city ?? 'Pickup not set'}
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> to </span>
      {to?.city ?? 'drop-off not set'}
    </>
  );
}
