import { lazy, Suspense } from 'react';
import { haversineKm } from '#shared/geo.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatKm } from '#web/lib/format.ts';
import { useReading } from '#web/lib/reading.ts';
import type { RouteEnds } from './projection.ts';

const RouteMapCanvas = lazy(() => import('./route-map-canvas.tsx'));

/**
 * A route on a map drawn from bundled country outlines (no tile server; ADR 0055), with the
 * distance as the crow flies. Its box has a fixed shape, so nothing moves when the drawing arrives.
 */
export function RouteMap({ from, to, className }: RouteEnds & { className?: string }) {
  const km = Math.round(haversineKm(from, to));
  const distance = formatKm(km, useReading());
  const label = `Map of the route from ${from.city} to ${to.city}, ${distance} as the crow flies`;
  return (
    <figure className={className}>
      <div className="aspect-[16/7] w-full">
        <Suspense fallback={<Skeleton className="h-full w-full" aria-label="Loading the map" />}>
          <RouteMapCanvas from={from} to={to} label={label} />
        </Suspense>
      </div>
      <figcaption className="mt-2 text-sm text-slate-600">
        {from.city} → {to.city}: {distance} as the crow flies
      </figcaption>
    </figure>
  );
}

/** The map's room while its cities are not known yet: the same box and caption line, so nothing moves. */
export function RouteMapPlaceholder({ className }: { className?: string }) {
  return (
    <div className={className} aria-hidden="true">
      <Skeleton className="aspect-[16/7] w-full" />
      <Skeleton className="mt-2 h-5 w-56" />
    </div>
  );
}
