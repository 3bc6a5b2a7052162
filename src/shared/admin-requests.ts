import { z } from 'zod';
import { boundary, dateOrDateTime } from './admin-money.ts';
import { listTotalSchema } from './lists.ts';
import { packageStatuses } from './package-status.ts';
import { requestStarters, requestStatuses } from './requests.ts';
import { text } from './text.ts';
import { travelPlanStatuses } from './travel-plans.ts';

// The back office's requests (docs/product.md §4, §8): every request between a package and a trip,
// whoever started it, and an admin's withdrawal of a pending one. Only administrators reach these.

export const ADMIN_LIST_LIMITS = { pageSize: 25, pageSizeMax: 100, reasonMin: 3, reason: 500 } as const;

/** An admin's words for why, required by every action that changes a status (it goes in the audit log). */
export const adminReasonSchema = z
  .strictObject({
    reason: text('Say why (it goes in the audit log)')
      .trim()
      .min(ADMIN_LIST_LIMITS.reasonMin, 'Say why, in a few words (it goes in the audit log)')
      .max(ADMIN_LIST_LIMITS.reason, `Keep the reason under ${ADMIN_LIST_LIMITS.reason} characters`),
  })
  .meta({ id: 'AdminReason' });
export type AdminReason = z.infer<typeof adminReasonSchema>;

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

/** A list's search: an exact record id; anything else matches nothing (no 400 for what a search box sends). */
export const exactIdSearch = text().trim().max(100).optional();

export const adminListCursor = text().max(200).optional();
export const adminListLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(ADMIN_LIST_LIMITS.pageSizeMax)
  .default(ADMIN_LIST_LIMITS.pageSize);

/** `sort=column` ascending, `sort=-column` descending, as the web's list state writes it. */
export function sortSchema<const C extends string>(columns: readonly C[], fallback: C | `-${C}`) {
  const values = columns.flatMap((c) => [c, `-${c}`]) as [C | `-${C}`, ...(C | `-${C}`)[]];
  return z.enum(values, `Sort by one of: ${values.join(', ')}`).default(fallback as never);
}

export const periodRefinement = {
  check: (q: { from?: string | undefined; to?: string | undefined }) =>
    !q.from || !q.to || boundary(q.from, 'from') < boundary(q.to, 'to'),
  message: 'Choose an end after the start',
};

export const adminPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
const routeEnd = z.object({ city: z.string().nullable(), countryCode: z.string().nullable() });

export const adminRequestRowSchema = z
  .object({
    id: z.string(),
    status: z.enum(requestStatuses),
    /** traveler: the traveler's offer; sender: the sender's invitation. */
    startedBy: z.enum(requestStarters),
    package: z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(packageStatuses),
      from: routeEnd,
      to: routeEnd,
    }),
    sender: adminPersonSchema,
    traveler: adminPersonSchema,
    /** The package's reward, in minor units of `currency`; null while it has none. */
    reward: z.number().int().nullable(),
    currency: z.string(),
    createdAt: iso,
    /**
     * When a pending request expires at the latest: its trip's departure (docs/product.md §4.4; it
     * expires sooner if the package leaves `open`). Null once it is no longer pending.
     */
    expiresAt: iso.nullable(),
  })
  .meta({ id: 'AdminRequestRow' });
export type AdminRequestRow = z.infer<typeof adminRequestRowSchema>;

export const adminRequestSorts = ['created'] as const;

export const adminRequestListQuerySchema = z
  .object({
    status: z.enum(requestStatuses, `Choose one of: ${requestStatuses.join(', ')}`).optional(),
    startedBy: z.enum(requestStarters, 'Choose traveler (offers) or sender (invitations)').optional(),
    packageId: z.uuid('This is not a package id').optional(),
    travelerId: z.uuid('This is not a member id').optional(),
    senderId: z.uuid('This is not a member id').optional(),
    travelPlanId: z.uuid('This is not a travel plan id').optional(),
    /** Created from this moment on (a date alone: from its start, UTC). */
    from: dateOrDateTime.optional(),
    /** Created before this moment (a date alone: up to its end, UTC). */
    to: dateOrDateTime.optional(),
    q: exactIdSearch,
    sort: sortSchema(adminRequestSorts, '-created'),
    cursor: adminListCursor,
    limit: adminListLimit,
  })
  .refine(periodRefinement.check, { path: ['to'], message: periodRefinement.message });
export type AdminRequestListQuery = z.infer<typeof adminRequestListQuerySchema>;

export const adminRequestPageSchema = z
  .object({ items: z.array(adminRequestRowSchema), nextCursor: z.string().nullable(), total: listTotalSchema })
  .meta({ id: 'AdminRequestPage' });
export type AdminRequestPage = z.infer<typeof adminRequestPageSchema>;

export const adminRequestEventKinds = ['created', 'agreed', 'accepted', 'declined', 'withdrawn', 'expired'] as const;

export const adminRequestSchema = adminRequestRowSchema
  .extend({
    message: z.string().nullable(),
    package: adminRequestRowSchema.shape.package.extend({ weightKg: z.number().nullable() }),
    travelPlan: z.object({
      id: z.string(),
      status: z.enum(travelPlanStatuses),
      from: routeEnd,
      to: routeEnd,
      departureAt: iso,
      arrivalAt: iso,
    }),
    /**
     * What happened to it, oldest first, with who did it: null where nobody did (it expired) or the
     * member is gone. An admin's withdrawal names the admin (the audit log says why).
     */
    timeline: z.array(
      z.object({
        kind: z.enum(adminRequestEventKinds),
        at: iso,
        by: z.object({ id: z.string(), name: z.string(), role: z.enum(['traveler', 'sender', 'admin']) }).nullable(),
      }),
    ),
    /** What an admin may do with it now. */
    actions: z.array(z.enum(['withdraw', 'expire'])),
  })
  .meta({ id: 'AdminRequest' });
export type AdminRequest = z.infer<typeof adminRequestSchema>;
