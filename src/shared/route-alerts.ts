import { z } from 'zod';
import { publicPlaceSchema } from './package-public.ts';
import { parsePlaceSlug } from './place-slug.ts';
import { text } from './text.ts';

// Route alerts (docs/product.md §3.5): a member saves a route, or one of their trips, and hears of
// each new open package or upcoming trip on it — at once in the app, and by e-mail at most once a
// day per alert.

export const routeAlertKinds = ['packages', 'trips'] as const;
export type RouteAlertKind = (typeof routeAlertKinds)[number];

/** How many alerts a member may keep. */
export const MAX_ROUTE_ALERTS = 20;

const slug = (which: string) =>
  text()
    .trim()
    .toLowerCase()
    .max(120, 'Choose a city from the list')
    .refine((value) => parsePlaceSlug(value) !== null, `Choose the city ${which} from the list`);

const day = z.iso.date('Use a date such as 2026-12-01').optional();

/** A route by its two cities (the listings' slugs, such as `paris-fr`), or one of the member's trips. */
export const createRouteAlertSchema = z
  .object({
    kind: z.enum(routeAlertKinds, 'Choose packages or trips'),
    /** One of the member's active trips, for packages: its places and dates, as they are when a package is published. */
    travelPlanId: z.uuid('Not a trip id').optional(),
    from: slug('you leave from').optional(),
    to: slug('you are going to').optional(),
    /** Within this many km of each city; the settings' default when left out, at most their maximum. */
    radiusKm: z.coerce.number('The radius must be a number').int('Whole km').min(1, 'At least 1 km').optional(),
    /** Only what can still travel on or after this day. */
    after: day,
    /** Only what can leave on or before this day. */
    before: day,
  })
  .superRefine((v, ctx) => {
    if (v.travelPlanId) {
      if (v.kind !== 'packages')
        ctx.addIssue({ code: 'custom', path: ['kind'], message: 'A trip can only look for packages' });
      return;
    }
    if (!v.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the city you leave from from the list' });
    if (!v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the city you are going to from the list' });
    if (v.after && v.before && v.after > v.before)
      ctx.addIssue({ code: 'custom', path: ['before'], message: 'The last day cannot come before the first' });
  })
  .meta({ id: 'CreateRouteAlert' });
export type CreateRouteAlert = z.infer<typeof createRouteAlertSchema>;

export const routeAlertParamsSchema = z.object({ id: z.uuid('Not an alert id') });

export const routeAlertSchema = z
  .object({
    id: z.string(),
    kind: z.enum(routeAlertKinds),
    from: publicPlaceSchema,
    to: publicPlaceSchema,
    radiusKm: z.number().int(),
    after: z.string().nullable(),
    before: z.string().nullable(),
    /** Set when the alert is one of the member's trips. */
    travelPlanId: z.string().nullable(),
    /** How many packages or trips it has found so far. */
    found: z.number().int().min(0),
    createdAt: z.string(),
  })
  .meta({ id: 'RouteAlert' });
export type RouteAlert = z.infer<typeof routeAlertSchema>;

export const routeAlertListSchema = z.object({ items: z.array(routeAlertSchema) }).meta({ id: 'RouteAlertList' });
export type RouteAlertList = z.infer<typeof routeAlertListSchema>;
