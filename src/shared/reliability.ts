import { z } from 'zod';

// How reliable a member has been, from their records (docs/product.md §11.1): what a sender or a
// traveler judges a stranger by, next to the rating.

export const reliabilitySchema = z
  .object({
    /** Packages that reached `completed` with the member as their sender or their traveler. */
    completedDeliveries: z.number().int().min(0),
    /** Matches the member was part of: as sender, each time their package was matched; as traveler, each accepted request. */
    commitments: z.number().int().min(0),
    /** Of those, the ones the member ended: a sender cancelling a matched package, a traveler withdrawing before pickup. */
    cancellations: z.number().int().min(0),
    /** cancellations ÷ commitments, 0 to 1; null until the first commitment. */
    cancellationRate: z.number().min(0).max(1).nullable(),
    /** Requests sent to the member that they accepted or declined themselves. */
    responses: z.number().int().min(0),
    /** The median time they took to do so, in whole minutes; null until the first. */
    medianResponseMinutes: z.number().int().min(0).nullable(),
  })
  .meta({ id: 'Reliability' });
export type Reliability = z.infer<typeof reliabilitySchema>;

export const noRecord: Reliability = {
  completedDeliveries: 0,
  commitments: 0,
  cancellations: 0,
  cancellationRate: null,
  responses: 0,
  medianResponseMinutes: null,
};
