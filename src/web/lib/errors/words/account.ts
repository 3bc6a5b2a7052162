import type { ErrorWords } from '../types.ts';

export const accountWords = {} as const satisfies Record<string, ErrorWords>;
