import type { ErrorWords } from '../types.ts';

export const matchingWords = {
  MATCHES_OWNER_ONLY: {
    message: ({ of }) => `Only its owner can look for matches for this ${of === 'package' ? 'package' : 'trip'}.`,
  },
} as const satisfies Record<string, ErrorWords>;
