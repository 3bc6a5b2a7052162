import { z } from 'zod';
import { AppError } from '#shared/errors.ts';

// The order of match results (docs/product.md §3: distance, dates, reward, rating) and the keyset cursor
// that pages through it. The SQL of service.ts sorts by the same keys; the tests hold it to
// compareRank.

export interface RankKey {
  /** The detour as shown (pickupKm + dropoffKm, each rounded to 0.1 km), in tenths of a km: fewer first. */
  detourTenths: number;
  /**
   * The second key, higher first: a package's reward (minor units); for a travel plan, how soon it
   * arrives (minus its arrival in whole minutes since 1970).
   */
  score: number;
  /** The other member's average rating, higher first; none yet sorts after every rating. */
  rating: number | null;
  /** Ties end on the id, so the order is total and a cursor never skips or repeats a result. */
  id: string;
}

/** Negative when a ranks before b. */
export function compareRank(a: RankKey, b: RankKey): number {
  if (a.detourTenths !== b.detourTenths) return a.detourTenths - b.detourTenths;
  if (a.score !== b.score) return b.score - a.score;
  if (a.rating !== b.rating) {
    if (a.rating === null) return 1;
    if (b.rating === null) return -1;
    return b.rating - a.rating;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Rounds a distance to the 0.1 km the cards show, as a whole number of tenths. */
export const toTenths = (km: number) => Math.round(km * 10);

const cursorSchema = z.tuple([
  z.number().int().min(0),
  z.number().int(),
  z.number().nullable(),
  z.string().regex(/^[0-9a-f-]{36}$/),
]);

/** The cursor is the last key of a page, opaque to clients. */
export function encodeCursor(key: RankKey): string {
  return Buffer.from(JSON.stringify([key.detourTenths, key.score, key.rating, key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): RankKey {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      fields: { cursor: ['Start again from the first page'] },
      detail: 'a cursor we did not give out',
    });
  }
  const [detourTenths, score, rating, id] = parsed;
  return { detourTenths, score, rating, id };
}
