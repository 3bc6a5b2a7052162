import type { Place } from '#shared/places.ts';
import {
  type CreateTravelPlan,
  checkTravelPlanRules,
  createTravelPlanSchema,
  type Transport,
  type TravelPlan,
  transports,
  type UpdateTravelPlan,
} from '#shared/travel-plans.ts';
import { isoToLocalInput, localInputToIso } from './local-date-time.ts';

/** What the trip form holds: the API's fields, in the shapes its controls edit. */
export interface TravelPlanFormValues {
  origin: Place | null;
  destination: Place | null;
  /** datetime-local text, in the traveler's time zone. */
  departureAt: string;
  arrivalAt: string;
  transport: Transport | '';
  /** As typed, so an empty box stays empty rather than becoming 0. */
  capacityKg: string;
  notes: string;
}

export type TravelPlanField = keyof TravelPlanFormValues;
export const travelPlanFields = [
  'origin',
  'destination',
  'departureAt',
  'arrivalAt',
  'transport',
  'capacityKg',
  'notes',
] as const satisfies readonly TravelPlanField[];

export const emptyTravelPlanValues: TravelPlanFormValues = {
  origin: null,
  destination: null,
  departureAt: '',
  arrivalAt: '',
  transport: '',
  capacityKg: '',
  notes: '',
};

export function valuesOfPlan(plan: TravelPlan): TravelPlanFormValues {
  return {
    origin: plan.origin,
    destination: plan.destination,
    departureAt: isoToLocalInput(plan.departureAt),
    arrivalAt: isoToLocalInput(plan.arrivalAt),
    transport: plan.transport,
    capacityKg: String(plan.capacityKg),
    notes: plan.notes ?? '',
  };
}

const isTransport = (value: string): value is Transport => (transports as readonly string[]).includes(value);

/** The request body the values make; fields left blank are left out for the schema to name. */
export function toTravelPlanBody(values: TravelPlanFormValues): Partial<CreateTravelPlan> {
  const capacity = values.capacityKg.trim().replace(',', '.');
  const notes = values.notes.trim();
  return {
    ...(values.origin ? { origin: values.origin } : {}),
    ...(values.destination ? { destination: values.destination } : {}),
    ...(values.departureAt ? { departureAt: localInputToIso(values.departureAt) ?? values.departureAt } : {}),
    ...(values.arrivalAt ? { arrivalAt: localInputToIso(values.arrivalAt) ?? values.arrivalAt } : {}),
    ...(isTransport(values.transport) ? { transport: values.transport } : {}),
    ...(capacity ? { capacityKg: Number(capacity) } : {}),
    ...(notes ? { notes } : {}),
  };
}

// The schema's own words suit an API caller ("Use a date and time such as 2026-12-01T09:00:00Z");
// a person filling the form is told what to do with the control in front of them.
const missingMessages: Partial<Record<TravelPlanField, string>> = {
  origin: 'Choose the city you leave from',
  destination: 'Choose the city you are going to',
  departureAt: 'Enter the date and time you leave',
  arrivalAt: 'Enter the date and time you arrive',
  transport: 'Choose how you travel',
  capacityKg: 'Enter how many kg you can carry',
};

export type TravelPlanErrors = Partial<Record<TravelPlanField, string>>;

/**
 * The server's checks, run here first: the shared schema for each field, then the shared rules over
 * the whole plan (future departure, arrival after departure, places apart). First message per field.
 */
export function validateTravelPlan(
  values: TravelPlanFormValues,
  settings: { minDistanceKm: number },
  now: Date = new Date(),
): { body: CreateTravelPlan; errors: null } | { body: null; errors: TravelPlanErrors } {
  const body = toTravelPlanBody(values);
  const errors: TravelPlanErrors = {};
  const add = (field: string, message: string) => {
    if ((travelPlanFields as readonly string[]).includes(field) && !errors[field as TravelPlanField]) {
      errors[field as TravelPlanField] = message;
    }
  };
  for (const field of travelPlanFields) {
    const message = missingMessages[field];
    if (message && body[field] === undefined) add(field, message);
  }
  const parsed = createTravelPlanSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
  }
  for (const [field, messages] of Object.entries(checkTravelPlanRules(body, settings, now))) {
    if (messages[0]) add(field, messages[0]);
  }
  if (parsed.success && Object.keys(errors).length === 0) return { body: parsed.data, errors: null };
  return { body: null, errors };
}

/** Only what differs from the saved plan, so an edit never re-sends (and re-checks) what it did not touch. */
export function changedFields(plan: TravelPlan, body: CreateTravelPlan): UpdateTravelPlan {
  const changes: UpdateTravelPlan = {};
  const samePlace = (a: Place, b: Place) => a.label === b.label && a.lat === b.lat && a.lng === b.lng;
  if (!samePlace(plan.origin, body.origin)) changes.origin = body.origin;
  if (!samePlace(plan.destination, body.destination)) changes.destination = body.destination;
  // Compared as instants: the form keeps minutes, the server may have kept seconds.
  const minute = (iso: string) => Math.floor(new Date(iso).getTime() / 60_000);
  if (minute(plan.departureAt) !== minute(body.departureAt)) changes.departureAt = body.departureAt;
  if (minute(plan.arrivalAt) !== minute(body.arrivalAt)) changes.arrivalAt = body.arrivalAt;
  if (plan.transport !== body.transport) changes.transport = body.transport;
  if (plan.capacityKg !== body.capacityKg) changes.capacityKg = body.capacityKg;
  if ((plan.notes ?? '') !== (body.notes ?? '')) changes.notes = body.notes ?? '';
  return changes;
}
