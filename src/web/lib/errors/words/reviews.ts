import type { ErrorWords } from '../types.ts';

export const reviewsWords = {} as const satisfies Record<string, ErrorWords>;
