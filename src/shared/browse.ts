import { z } from 'zod';
import { currencySchema } from './money.ts';
import { packagePhotoSchema, packageSizes, publicPlaceSchema } from './package-public.ts';
import { parsePlaceSlug } from './place-slug.ts';
import { placeSchema } from './places.ts';
import { reliabilitySchema } from './reliability.ts';
import { packageCategories } from './settings.ts';
import { text } from './text.ts';
import { transports } from './travel-plans.ts';

// Browsing without an account (docs/product.md §3.4, ADR 0053): open packages and upcoming trips
// between two cities, with what is safe to show a stranger — cities, never addresses; a first name
// and a rating, never contact details.

export { parsePlaceSlug, placeSlug } from './place-slug.ts';

const slug = (which: string) =>
  text()
    .trim()
    .toLowerCase()
    .max(120, 'Choose a city from the list')
    .refine((value) => parsePlaceSlug(value) !== null, `Choose the city ${which} from the list`)
    .optional();

const day = z.iso.date('Use a date such as 2026-12-01').optional();

const range = {
  from: slug('you leave from'),
  to: slug('you are going to'),
  /** Only what can still travel on or after this day (the traveler's first possible day). */
  after: day,
  /** Only what can leave on or before this day. */
  before: day,
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(48).default(12),
};

const positive = (what: string) => z.coerce.number(`${what} must be a number`).positive(`${what} must be more than 0`);

export const packageBrowseSorts = ['newest', 'deliver-by', 'reward'] as const;
export type PackageBrowseSort = (typeof packageBrowseSorts)[number];

export const packageBrowseQuerySchema = z.object({
  ...range,
  size: z.enum(packageSizes, 'Choose S, M or L').optional(),
  maxWeightKg: positive('The weight').max(1000).optional(),
  /** In the package's own currency, whole units: "a reward of at least 20". */
  minReward: positive('The reward').max(1_000_000).optional(),
  sort: z.enum(packageBrowseSorts, 'Sort by newest, deliver-by or reward').default('newest'),
});
export type PackageBrowseQuery = z.infer<typeof packageBrowseQuerySchema>;

export const tripBrowseSorts = ['departure', 'newest'] as const;
export type TripBrowseSort = (typeof tripBrowseSorts)[number];

export const tripBrowseQuerySchema = z.object({
  ...range,
  minCapacityKg: positive('The room').max(1000).optional(),
  sort: z.enum(tripBrowseSorts, 'Sort by departure or newest').default('departure'),
});
export type TripBrowseQuery = z.infer<typeof tripBrowseQuerySchema>;

const rating = z
  .object({ average: z.number().min(1).max(5), count: z.number().int().min(1) })
  .nullable()
  .meta({ description: 'Null until the member has a review' });

/** A member as a stranger sees them. */
const strangerSchema = z.object({ firstName: z.string(), rating, reliability: reliabilitySchema });

export const publicPackageCardSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    category: z.enum(packageCategories).nullable(),
    size: z.enum(packageSizes).nullable(),
    weightKg: z.number().nullable(),
    currency: currencySchema,
    reward: z.number().int().nullable(),
    pickup: publicPlaceSchema,
    dropoff: publicPlaceSchema,
    pickupFrom: z.string(),
    deliverBy: z.string(),
    /** As the crow flies, pickup to drop-off. */
    distanceKm: z.number(),
    photo: packagePhotoSchema.nullable(),
    sender: strangerSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'PublicPackageCard' });
export type PublicPackageCard = z.infer<typeof publicPackageCardSchema>;

export const publicTripCardSchema = z
  .object({
    id: z.string(),
    origin: publicPlaceSchema,
    destination: publicPlaceSchema,
    departureAt: z.string(),
    arrivalAt: z.string(),
    transport: z.enum(transports),
    freeCapacityKg: z.number(),
    distanceKm: z.number(),
    traveler: strangerSchema.extend({ verified: z.boolean() }),
    createdAt: z.string(),
  })
  .meta({ id: 'PublicTripCard' });
export type PublicTripCard = z.infer<typeof publicTripCardSchema>;

/** The cities the address named, as the gazetteer knows them, so the page can show and edit them. */
const searched = {
  from: placeSchema.nullable(),
  to: placeSchema.nullable(),
  /** Around each city. */
  radiusKm: z.number(),
  nextCursor: z.string().nullable(),
};

export const packageBrowsePageSchema = z
  .object({ items: z.array(publicPackageCardSchema), ...searched })
  .meta({ id: 'PackageBrowsePage' });
export type PackageBrowsePage = z.infer<typeof packageBrowsePageSchema>;

export const tripBrowsePageSchema = z
  .object({ items: z.array(publicTripCardSchema), ...searched })
  .meta({ id: 'TripBrowsePage' });
export type TripBrowsePage = z.infer<typeof tripBrowsePageSchema>;

/** A stranger's name: the first word of what the member calls themselves. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] || 'A member';
}
