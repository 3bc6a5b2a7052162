import type { ErrorEntry } from './entry.ts';

/** Looking for matches from a trip or a package. */
export const matchingErrors = {
  /** params: of ('package' | 'travel plan'). */
  MATCHES_OWNER_ONLY: { status: 403, message: 'Only its owner can look for matches.' },
} as const satisfies Record<string, ErrorEntry>;
