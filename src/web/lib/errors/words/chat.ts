import type { ErrorWords } from '../types.ts';

export const chatWords = {} as const satisfies Record<string, ErrorWords>;
