import { z } from 'zod';
import { minorAmountSchema } from './money.ts';
import { packageStatuses } from './package-status.ts';
import { publicPlaceSchema } from './packages.ts';
import { text } from './text.ts';
import { transports } from './travel-plans.ts';

// Requests (docs/product.md §4): a package, a traveler and the trip it rides on. The starter's
// counterpart answers; only the starter withdraws.

export const requestStatuses = ['pending', 'agreed', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type RequestStatus = (typeof requestStatuses)[number];
export const requestStarters = ['traveler', 'sender'] as const;
export type RequestStarter = (typeof requestStarters)[number];

export const requestStatusLabel: Record<RequestStatus, string> = {
  pending: 'Waiting for an answer',
  agreed: 'Agreed: waiting for the difference',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export const REQUEST_LIMITS = {
  message: 500,
  /** How many times the two sides may counter each other's reward on one request (docs/product.md §4.5). */
  counters: 6,
} as const;

const message = text()
  .trim()
  .max(REQUEST_LIMITS.message, `Keep the message under ${REQUEST_LIMITS.message} characters`)
  .optional();

/**
 * A reward proposed instead of the package's (docs/product.md §4.5), in the package's currency's minor
 * units. The settings' limits and what the sender paid are checked by the server, which knows them.
 */
const proposedReward = minorAmountSchema.min(1, 'Propose a reward above zero');

/** "Offer to carry": the traveler offers one of their active trips for an open package. */
export const offerSchema = z
  .strictObject({
    packageId: z.uuid('Choose a package'),
    travelPlanId: z.uuid('Choose one of your trips'),
    message,
    /** Leave out to carry it for the package's reward. */
    reward: proposedReward.optional(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

/** "Invite": the sender invites a traveler's trip for their open package. */
export const inviteSchema = z
  .strictObject({
    packageId: z.uuid('Choose a package'),
    travelPlanId: z.uuid('Choose a trip'),
    message,
    reward: proposedReward.optional(),
  })
  .meta({ id: 'Invite' });
export type Invite = z.infer<typeof inviteSchema>;

/** "Counter": the side a proposal is with answers it with another reward. */
export const counterSchema = z.strictObject({ reward: proposedReward, message }).meta({ id: 'CounterOffer' });
export type CounterOffer = z.infer<typeof counterSchema>;

/**
 * "Accept": the reward I saw, so that a counter-offer made meanwhile is not accepted unseen (409
 * REQUEST_PROPOSAL_CHANGED). Optional for callers that accept whatever is on the table.
 */
export const acceptSchema = z.strictObject({ reward: minorAmountSchema.optional() }).meta({ id: 'AcceptRequest' });
export type AcceptRequest = z.infer<typeof acceptSchema>;

export const requestActions = ['accept', 'counter', 'pay_difference', 'decline', 'withdraw'] as const;
export type RequestAction = (typeof requestActions)[number];

const person = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });
const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const requestSchema = z
  .object({
    id: z.string(),
    status: z.enum(requestStatuses),
    startedBy: z.enum(requestStarters),
    /** Whether I am the traveler or the sender of this request. */
    myRole: z.enum(['traveler', 'sender']),
    /** incoming: the other side started it and I answer; outgoing: I started it. */
    direction: z.enum(['incoming', 'outgoing']),
    message: z.string().nullable(),
    package: z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(packageStatuses),
      pickup: publicPlaceSchema.nullable(),
      dropoff: publicPlaceSchema.nullable(),
      pickupFrom: iso.nullable(),
      deliverBy: iso.nullable(),
      weightKg: z.number().nullable(),
      reward: z.number().int().nullable(),
      currency: z.string(),
    }),
    travelPlan: z.object({
      id: z.string(),
      departureAt: iso,
      arrivalAt: iso,
      transport: z.enum(transports),
    }),
    /**
     * The reward on the table (docs/product.md §4.5): the package's own unless someone proposed another;
     * `by` is who proposed it last, and the other side is the one to accept or counter it.
     */
    proposal: z.object({
      reward: z.number().int(),
      by: z.enum(requestStarters),
      /** How many counter-offers were made so far (REQUEST_LIMITS.counters at most). */
      counters: z.number().int(),
      /** Whether it waits for my answer (accept or counter). */
      awaitsMe: z.boolean(),
    }),
    /**
     * An agreed reward above the one paid (status `agreed`): what the sender pays before the match,
     * reward and fee together.
     */
    difference: z.number().int().nullable(),
    /** The other member: the sender when I am the traveler, and the other way round. */
    counterpart: person,
    actions: z.array(z.enum(requestActions)),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Request' });
export type PackageRequest = z.infer<typeof requestSchema>;

export const requestListQuerySchema = z.object({
  direction: z.enum(['incoming', 'outgoing'], 'Choose incoming or outgoing').default('incoming'),
  status: z.enum(requestStatuses).optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

export const requestPageSchema = z
  .object({ items: z.array(requestSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RequestPage' });
export type RequestPage = z.infer<typeof requestPageSchema>;

export const requestParamsSchema = z.object({ id: z.uuid('This is not a request id') });
