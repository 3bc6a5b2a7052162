import type { ErrorWords } from '../types.ts';

export const payoutsWords = {
  TRANSFER_FAILED: 'The payment provider did not finish this transfer. Try again in a moment.',
} as const satisfies Record<string, ErrorWords>;
