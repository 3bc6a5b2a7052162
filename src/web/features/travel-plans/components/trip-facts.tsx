import { type TravelPlan, transportLabel } from '#shared/travel-plans.ts';
import { formatDateTime, formatKg } from '#web/lib/format.ts';

/** "Paris → Berlin": the short name of a trip, by its cities. */
export const tripRoute = (plan: Pick<TravelPlan, 'origin' | 'destination'>) =>
  `${plan.origin.city} → ${plan.destination.city}`;

/**
 * Whether a trip has left. It stays active until it has arrived and its packages have settled, but it
 * can no longer pick a package up: the server refuses its matches (409) and any offer on it.
 */
export const hasLeft = (plan: Pick<TravelPlan, 'departureAt'>, now: Date = new Date()) =>
  new Date(plan.departureAt).getTime() <= now.getTime();

/** Departure, arrival, transport and free capacity, as a description list. */
export function TripFacts({ plan }: { plan: TravelPlan }) {
  const reserved = plan.capacityKg - plan.freeCapacityKg;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">Departure</dt>
        <dd className="font-medium text-slate-900">
          <time dateTime={plan.departureAt}>{formatDateTime(plan.departureAt)}</time>
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Arrival</dt>
        <dd className="font-medium text-slate-900">
          <time dateTime={plan.arrivalAt}>{formatDateTime(plan.arrivalAt)}</time>
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Transport</dt>
        <dd className="font-medium text-slate-900">{transportLabel[plan.transport]}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Free capacity</dt>
        <dd className="font-medium text-slate-900">
          {reserved > 0
            ? `${formatKg(plan.freeCapacityKg)} of ${formatKg(plan.capacityKg)}`
            : formatKg(plan.freeCapacityKg)}
        </dd>
      </div>
    </dl>
  );
}
