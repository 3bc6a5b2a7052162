import { z } from 'zod';
import { dateOrDateTime } from './admin-money.ts';
import {
  adminListCursor,
  adminListLimit,
  adminPersonSchema,
  adminRequestRowSchema,
  exactIdSearch,
  periodRefinement,
  sortSchema,
} from './admin-requests.ts';
import { listTotalSchema } from './lists.ts';
import { packageStatuses } from './package-status.ts';
import { placeSchema } from './places.ts';
import { text } from './text.ts';
import { transports, travelPlanStatuses } from './travel-plans.ts';

// The back office's travel plans (docs/product.md §3, §8): every member's trips, what each carries, and
// an admin's cancellation, which follows the member's rules (ADR 0023).

const iso = z.string().meta({ description: 'ISO 8601 date-time' });
const cityPrefix = text().trim().min(1).max(100).optional();

export const adminTravelPlanRowSchema = z
  .object({
    id: z.string(),
    status: z.enum(travelPlanStatuses),
    traveler: adminPersonSchema,
    from: z.object({ city: z.string(), countryCode: z.string() }),
    to: z.object({ city: z.string(), countryCode: z.string() }),
    departureAt: iso,
    arrivalAt: iso,
    transport: z.enum(transports),
    capacityKg: z.number(),
    /** Capacity minus what accepted requests reserved. */
    freeCapacityKg: z.number(),
    /** Packages matched to this trip, whatever became of them since. */
    packagesCarried: z.number().int(),
    createdAt: iso,
  })
  .meta({ id: 'AdminTravelPlanRow' });
export type AdminTravelPlanRow = z.infer<typeof adminTravelPlanRowSchema>;

export const adminTravelPlanSorts = ['created', 'departure'] as const;

export const adminTravelPlanListQuerySchema = z
  .object({
    status: z.enum(travelPlanStatuses, `Choose one of: ${travelPlanStatuses.join(', ')}`).optional(),
    /** Origin city starting with this, any case. */
    fromCity: cityPrefix,
    /** Destination city starting with this, any case. */
    toCity: cityPrefix,
    travelerId: z.uuid('This is not a member id').optional(),
    /** Departing from this moment on (a date alone: from its start, UTC). */
    from: dateOrDateTime.optional(),
    /** Departing before this moment (a date alone: up to its end, UTC). */
    to: dateOrDateTime.optional(),
    q: exactIdSearch,
    sort: sortSchema(adminTravelPlanSorts, '-created'),
    cursor: adminListCursor,
    limit: adminListLimit,
  })
  .refine(periodRefinement.check, { path: ['to'], message: periodRefinement.message });
export type AdminTravelPlanListQuery = z.infer<typeof adminTravelPlanListQuerySchema>;

export const adminTravelPlanPageSchema = z
  .object({ items: z.array(adminTravelPlanRowSchema), nextCursor: z.string().nullable(), total: listTotalSchema })
  .meta({ id: 'AdminTravelPlanPage' });
export type AdminTravelPlanPage = z.infer<typeof adminTravelPlanPageSchema>;

export const ADMIN_TRAVEL_PLAN_REQUESTS_SHOWN = 50;

export const adminTravelPlanSchema = adminTravelPlanRowSchema
  .extend({
    /** With street addresses: admins see what the traveler entered. */
    origin: placeSchema,
    destination: placeSchema,
    notes: z.string().nullable(),
    updatedAt: iso,
    /** The packages matched to it, with where each stands. */
    packages: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: z.enum(packageStatuses),
        weightKg: z.number().nullable(),
        sender: adminPersonSchema,
      }),
    ),
    /** Its requests, newest first, at most ADMIN_TRAVEL_PLAN_REQUESTS_SHOWN (the requests list has them all). */
    requests: z.array(adminRequestRowSchema),
    requestsTotal: z.number().int(),
    /** Created, departure, arrival, and the end (completed or cancelled, at its last change). */
    timeline: z.array(
      z.object({ kind: z.enum(['created', 'departure', 'arrival', 'completed', 'cancelled']), at: iso }),
    ),
    actions: z.array(z.enum(['cancel'])),
  })
  .meta({ id: 'AdminTravelPlan' });
export type AdminTravelPlan = z.infer<typeof adminTravelPlanSchema>;
