import type { ErrorWords } from '../types.ts';

export const paymentsWords = {} as const satisfies Record<string, ErrorWords>;
