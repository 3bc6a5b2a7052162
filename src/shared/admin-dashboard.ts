import { z } from 'zod';
import { listTotalSchema } from './lists.ts';

// The back office's dashboard (docs/product.md §8): what needs an administrator now, each a count
// (exact while small, "About N" past a thousand) and, where there is one, the list that holds it.

const iso = z.string().meta({ description: 'ISO 8601 date-time' });

export const adminAttentionSchema = z
  .object({
    /** Open disputes, and when the oldest was opened. */
    disputes: z.object({ total: listTotalSchema, oldestAt: iso.nullable() }),
    /** Members whose identity check is under way (the provider's or an administrator's decision). */
    kycPending: listTotalSchema,
    /** Payout requests not yet marked sent. */
    payoutsRequested: listTotalSchema,
    /** Checkouts paid with another amount or currency whose money has not been sent back yet. */
    paymentMismatches: listTotalSchema,
    /** Support tickets waiting on the team (new, or written to again), and when the longest-waiting last moved. */
    supportOpen: z.object({ total: listTotalSchema, oldestAt: iso.nullable() }),
  })
  .meta({ id: 'AdminAttention' });
export type AdminAttention = z.infer<typeof adminAttentionSchema>;
