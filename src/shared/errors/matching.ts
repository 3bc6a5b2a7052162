import type { ErrorEntry } from './entry.ts';

export const matchingErrors = {} as const satisfies Record<string, ErrorEntry>;
