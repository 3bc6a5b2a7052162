import type { ErrorWords } from '../types.ts';

export const requestsWords = {} as const satisfies Record<string, ErrorWords>;
