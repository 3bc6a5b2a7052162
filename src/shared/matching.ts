import { z } from 'zod';
import { packageSummarySchema } from './packages.ts';
import { reliabilitySchema } from './reliability.ts';
import { requestStarters } from './requests.ts';
import { text } from './text.ts';
import { transports, travelPlanStatuses } from './travel-plans.ts';

// Matching (docs/product.md §3): open packages for a travel plan, active travel plans for a package.

export const matchQuerySchema = z.object({
  /** Around the origin and around the destination; default and maximum come from the settings. */
  radiusKm: z.coerce.number('The radius must be a number').positive('The radius must be more than 0 km').optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type MatchQuery = z.infer<typeof matchQuerySchema>;

const ratingSchema = z
  .object({ average: z.number().min(1).max(5), count: z.number().int().min(1) })
  .nullable()
  .meta({ description: 'Null until the member has a review' });

const distancesSchema = z.object({
  /** From the trip's origin to the package's pickup. */
  pickupKm: z.number(),
  /** From the package's drop-off to the trip's destination. */
  dropoffKm: z.number(),
  /** pickupKm + dropoffKm: the detour the traveler makes, the first ranking key. */
  detourKm: z.number(),
});

/**
 * The pending request between the card's package and traveler, if any: at most one per pair (the
 * server refuses a second), so the card shows it instead of offering or inviting again.
 */
const pendingRequestSchema = z
  .object({ id: z.string(), startedBy: z.enum(requestStarters) })
  .nullable()
  .meta({
    description: 'The pending request between this package and this traveler, whoever started it; null if none',
  });
export type MatchPendingRequest = z.infer<typeof pendingRequestSchema>;

/** A package that fits a travel plan, as a ChoosePackageCard shows it. */
export const packageMatchSchema = z
  .object({
    package: packageSummarySchema,
    sender: z.object({
      id: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      rating: ratingSchema,
      reliability: reliabilitySchema,
    }),
    distances: distancesSchema,
    /** Between this package and the trip's traveler, on this trip or another of theirs. */
    pendingRequest: pendingRequestSchema,
  })
  .meta({ id: 'PackageMatch' });
export type PackageMatch = z.infer<typeof packageMatchSchema>;

/** A travel plan that fits a package, as a SearchTravelerCard shows it. */
export const travelerMatchSchema = z
  .object({
    travelPlan: z.object({
      id: z.string(),
      status: z.enum(travelPlanStatuses),
      origin: z.object({ label: z.string(), city: z.string(), countryCode: z.string() }),
      destination: z.object({ label: z.string(), city: z.string(), countryCode: z.string() }),
      departureAt: z.string(),
      arrivalAt: z.string(),
      transport: z.enum(transports),
      freeCapacityKg: z.number(),
    }),
    traveler: z.object({
      id: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      /** Verified profile: e-mail, mobile and identity check (docs/product.md §1). */
      verified: z.boolean(),
      rating: ratingSchema,
      reliability: reliabilitySchema,
    }),
    distances: distancesSchema,
    /** Between the package and this traveler, on this trip or another of theirs. */
    pendingRequest: pendingRequestSchema,
  })
  .meta({ id: 'TravelerMatch' });
export type TravelerMatch = z.infer<typeof travelerMatchSchema>;

export const packageMatchPageSchema = z
  .object({ items: z.array(packageMatchSchema), nextCursor: z.string().nullable(), radiusKm: z.number() })
  .meta({ id: 'PackageMatchPage' });
export const travelerMatchPageSchema = z
  .object({ items: z.array(travelerMatchSchema), nextCursor: z.string().nullable(), radiusKm: z.number() })
  .meta({ id: 'TravelerMatchPage' });
export type PackageMatchPage = z.infer<typeof packageMatchPageSchema>;
export type TravelerMatchPage = z.infer<typeof travelerMatchPageSchema>;
