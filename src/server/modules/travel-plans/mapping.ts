import type { travelPlans } from '#server/db/schema/travel-plans.ts';
import type { Place } from '#shared/places.ts';
import type {
  CreateTravelPlan,
  Transport,
  TravelPlan,
  TravelPlanStatus,
  UpdateTravelPlan,
} from '#shared/travel-plans.ts';

// Rows ↔ the contract: grams and one column per place part in the database, kilograms and place
// objects in the API.

export type TravelPlanRow = typeof travelPlans.$inferSelect;
type TravelPlanColumns = Partial<typeof travelPlans.$inferInsert>;

export interface Person {
  id: string;
  name: string;
  image: string | null;
}

const originOf = (row: TravelPlanRow): Place => ({
  label: row.originLabel,
  city: row.originCity,
  countryCode: row.originCountry,
  lat: row.originLat,
  lng: row.originLng,
  ...(row.originAddress ? { address: row.originAddress } : {}),
});

const destinationOf = (row: TravelPlanRow): Place => ({
  label: row.destinationLabel,
  city: row.destinationCity,
  countryCode: row.destinationCountry,
  lat: row.destinationLat,
  lng: row.destinationLng,
  ...(row.destinationAddress ? { address: row.destinationAddress } : {}),
});

/** The stored plan in the contract's terms, for checking the rules over it with a change applied. */
export function fieldsOf(row: TravelPlanRow): CreateTravelPlan {
  return {
    origin: originOf(row),
    destination: destinationOf(row),
    departureAt: row.departureAt.toISOString(),
    arrivalAt: row.arrivalAt.toISOString(),
    transport: row.transport as Transport,
    capacityKg: row.capacityGrams / 1000,
    ...(row.notes !== null ? { notes: row.notes } : {}),
  };
}

/** The columns a change writes: only the fields it names; a new place replaces all of the old one. */
export function columnsOf(change: UpdateTravelPlan): TravelPlanColumns {
  const columns: TravelPlanColumns = {};
  if (change.origin) {
    const o = change.origin;
    Object.assign(columns, {
      originLabel: o.label,
      originCity: o.city,
      originCountry: o.countryCode,
      originLat: o.lat,
      originLng: o.lng,
      originAddress: o.address ?? null,
    } satisfies TravelPlanColumns);
  }
  if (change.destination) {
    const d = change.destination;
    Object.assign(columns, {
      destinationLabel: d.label,
      destinationCity: d.city,
      destinationCountry: d.countryCode,
      destinationLat: d.lat,
      destinationLng: d.lng,
      destinationAddress: d.address ?? null,
    } satisfies TravelPlanColumns);
  }
  if (change.departureAt !== undefined) columns.departureAt = new Date(change.departureAt);
  if (change.arrivalAt !== undefined) columns.arrivalAt = new Date(change.arrivalAt);
  if (change.transport !== undefined) columns.transport = change.transport;
  if (change.capacityKg !== undefined) columns.capacityGrams = Math.round(change.capacityKg * 1000);
  // An emptied note is stored as absent.
  if (change.notes !== undefined) columns.notes = change.notes === '' ? null : change.notes;
  return columns;
}

/** Without the street addresses: a member who is not the traveler only learns the cities. */
const withoutAddress = ({ address: _address, ...place }: Place): Place => place;

export function toTravelPlan(
  row: TravelPlanRow,
  view: { traveler: Person; mine: boolean; withAddresses: boolean },
): TravelPlan {
  const origin = originOf(row);
  const destination = destinationOf(row);
  return {
    id: row.id,
    status: row.status as TravelPlanStatus,
    origin: view.withAddresses ? origin : withoutAddress(origin),
    destination: view.withAddresses ? destination : withoutAddress(destination),
    departureAt: row.departureAt.toISOString(),
    arrivalAt: row.arrivalAt.toISOString(),
    transport: row.transport as Transport,
    capacityKg: row.capacityGrams / 1000,
    freeCapacityKg: Math.max(0, row.capacityGrams - row.reservedGrams) / 1000,
    notes: row.notes,
    traveler: view.traveler,
    mine: view.mine,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
