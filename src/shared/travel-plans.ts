import { z } from 'zod';
import { haversineKm } from './geo.ts';
import { placeSchema } from './places.ts';
import { text } from './text.ts';

// The travel-plan contract (docs/product.md §3).

export const transports = ['flight', 'train', 'bus', 'car', 'ship'] as const;
export type Transport = (typeof transports)[number];
/** How the product writes each transport (web labels and cards). */
export const transportLabel: Record<Transport, string> = {
  flight: 'Flight',
  train: 'Train',
  bus: 'Bus',
  car: 'Car',
  ship: 'Ship',
};
export const travelPlanStatuses = ['active', 'completed', 'cancelled'] as const;
export type TravelPlanStatus = (typeof travelPlanStatuses)[number];
export const travelPlanStatusLabel: Record<TravelPlanStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const TRAVEL_PLAN_LIMITS = { capacityKgMin: 0.1, capacityKgMax: 100, notes: 1000, pageSize: 20 } as const;

const dateTime = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-01T09:00:00Z' });

export const travelPlanFieldsSchema = z.strictObject({
  origin: placeSchema,
  destination: placeSchema,
  departureAt: dateTime,
  arrivalAt: dateTime,
  transport: z.enum(transports, 'Choose flight, train, bus, car or ship'),
  capacityKg: z
    .number('Enter the free capacity in kg')
    .min(TRAVEL_PLAN_LIMITS.capacityKgMin, `At least ${TRAVEL_PLAN_LIMITS.capacityKgMin} kg`)
    .max(TRAVEL_PLAN_LIMITS.capacityKgMax, `At most ${TRAVEL_PLAN_LIMITS.capacityKgMax} kg`),
  notes: text().trim().max(TRAVEL_PLAN_LIMITS.notes, `Use at most ${TRAVEL_PLAN_LIMITS.notes} characters`).optional(),
});
export const createTravelPlanSchema = travelPlanFieldsSchema.meta({ id: 'CreateTravelPlan' });
export type CreateTravelPlan = z.infer<typeof createTravelPlanSchema>;
export const updateTravelPlanSchema = travelPlanFieldsSchema.partial().meta({ id: 'UpdateTravelPlan' });
export type UpdateTravelPlan = z.infer<typeof updateTravelPlanSchema>;

/** Rules across fields and the clock, over the plan as it will be stored. */
export function checkTravelPlanRules(
  plan: Partial<CreateTravelPlan>,
  settings: { minDistanceKm: number },
  now: Date = new Date(),
): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    issues[field] = [...(issues[field] ?? []), message];
  };
  if (plan.departureAt && new Date(plan.departureAt) <= now) add('departureAt', 'The departure must be in the future');
  if (plan.departureAt && plan.arrivalAt && new Date(plan.arrivalAt) < new Date(plan.departureAt)) {
    add('arrivalAt', 'The arrival cannot be before the departure');
  }
  if (plan.origin && plan.destination && haversineKm(plan.origin, plan.destination) < settings.minDistanceKm) {
    add('destination', `Origin and destination must be at least ${settings.minDistanceKm} km apart`);
  }
  return issues;
}

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const travelPlanSchema = z
  .object({
    id: z.string(),
    status: z.enum(travelPlanStatuses),
    origin: placeSchema,
    destination: placeSchema,
    departureAt: iso,
    arrivalAt: iso,
    transport: z.enum(transports),
    capacityKg: z.number(),
    /** Capacity minus what accepted requests have reserved. */
    freeCapacityKg: z.number(),
    notes: z.string().nullable(),
    traveler: z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }),
    /** Whether the viewer owns it (and so may edit or cancel it). */
    mine: z.boolean(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'TravelPlan' });
export type TravelPlan = z.infer<typeof travelPlanSchema>;

export const travelPlanListQuerySchema = z.object({
  status: z.enum(travelPlanStatuses, 'Choose active, completed or cancelled').optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(TRAVEL_PLAN_LIMITS.pageSize),
});
export type TravelPlanListQuery = z.infer<typeof travelPlanListQuerySchema>;

export const travelPlanPageSchema = z
  .object({ items: z.array(travelPlanSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'TravelPlanPage' });
export type TravelPlanPage = z.infer<typeof travelPlanPageSchema>;

export const travelPlanParamsSchema = z.object({ id: z.uuid('This is not a travel plan id') });
