import { z } from 'zod';

/**
 * How many rows a back-office list matches: exact up to a threshold, the database's estimate past it
 * (`estimated`, shown as "About N"), so a page never counts a million rows.
 */
export const listTotalSchema = z
  .object({
    count: z.number().int().nonnegative(),
    estimated: z.boolean(),
  })
  .meta({ id: 'ListTotal' });
export type ListTotal = z.infer<typeof listTotalSchema>;
