import type { ErrorWords } from '../types.ts';

export const matchingWords = {} as const satisfies Record<string, ErrorWords>;
