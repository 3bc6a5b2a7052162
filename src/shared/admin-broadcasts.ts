import { isSupportedCountry } from 'libphonenumber-js';
import { z } from 'zod';
import { adminListCursor } from './admin-requests.ts';
import { text } from './text.ts';

// Broadcasts (docs/product.md §8): one notification to a segment of members, sent in batches in the
// background; each member sees it in their notifications like any other (e-mailed to those whose
// preference allows), and the back office follows its progress and how many have read it.

export const broadcastSegmentKinds = ['everyone', 'verified', 'active_travelers', 'open_senders', 'country'] as const;
export type BroadcastSegmentKind = (typeof broadcastSegmentKinds)[number];

export const broadcastSegmentLabels: Record<BroadcastSegmentKind, string> = {
  everyone: 'Everyone',
  verified: 'Verified members',
  active_travelers: 'Travelers with an active trip',
  open_senders: 'Senders with an open package',
  country: 'Members in a country',
};

export const BROADCAST_LIMITS = { title: 100, body: 1000, link: 300, pageSize: 20 } as const;

export const broadcastSegmentSchema = z
  .object({
    kind: z.enum(broadcastSegmentKinds, 'Choose who receives it'),
    /** For `country`: ISO 3166 alpha-2; members whose confirmed mobile number has that country's calling code. */
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Choose a country')
      .refine((code): boolean => isSupportedCountry(code), 'Choose a country')
      .optional(),
  })
  .refine((s) => s.kind !== 'country' || s.country !== undefined, { path: ['country'], message: 'Choose a country' })
  .meta({ id: 'BroadcastSegment' });
export type BroadcastSegment = z.infer<typeof broadcastSegmentSchema>;

/** A page of the site, never another site: a broadcast must not send members away. */
const internalLink = text()
  .trim()
  .max(BROADCAST_LIMITS.link, `Keep the link under ${BROADCAST_LIMITS.link} characters`)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Use a page of this site, such as /user/packages/my-packages');

export const broadcastDraftSchema = z
  .object({
    title: text()
      .trim()
      .min(1, 'Give it a title')
      .max(BROADCAST_LIMITS.title, `Keep the title under ${BROADCAST_LIMITS.title} characters`),
    body: text()
      .trim()
      .min(1, 'Write the message')
      .max(BROADCAST_LIMITS.body, `Keep the message under ${BROADCAST_LIMITS.body} characters`),
    link: internalLink.optional(),
    segment: broadcastSegmentSchema,
  })
  .meta({ id: 'BroadcastDraft' });
export type BroadcastDraft = z.infer<typeof broadcastDraftSchema>;

export const broadcastAudienceQuerySchema = z
  .object({ segment: broadcastSegmentSchema })
  .meta({ id: 'BroadcastAudienceQuery' });
export const broadcastAudienceSchema = z
  .object({ count: z.number().int().nonnegative() })
  .meta({ id: 'BroadcastAudience' });
export type BroadcastAudience = z.infer<typeof broadcastAudienceSchema>;

export const broadcastStatuses = ['queued', 'sending', 'sent'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const broadcastSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    segment: broadcastSegmentSchema,
    status: z.enum(broadcastStatuses),
    /** Members in the segment when it was sent. */
    audience: z.number().int(),
    /** Notifications written so far. */
    delivered: z.number().int(),
    /** Of those, how many their member has read. */
    read: z.number().int(),
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    createdAt: iso,
    finishedAt: iso.nullable(),
  })
  .meta({ id: 'Broadcast' });
export type Broadcast = z.infer<typeof broadcastSchema>;

export const broadcastListQuerySchema = z.object({ cursor: adminListCursor });
export const broadcastPageSchema = z
  .object({ items: z.array(broadcastSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'BroadcastPage' });
export type BroadcastPage = z.infer<typeof broadcastPageSchema>;

export const broadcastParamsSchema = z.object({ id: z.uuid('Unknown broadcast') });
