import type { ErrorWords } from '../types.ts';

export const lifecycleWords = {} as const satisfies Record<string, ErrorWords>;
