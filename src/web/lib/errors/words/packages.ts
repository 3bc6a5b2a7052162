import type { ErrorWords } from '../types.ts';

export const packagesWords = {} as const satisfies Record<string, ErrorWords>;
