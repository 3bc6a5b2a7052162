import type { ErrorWords } from '../types.ts';

export const kycWords = {} as const satisfies Record<string, ErrorWords>;
