import type { ErrorEntry } from './entry.ts';

export const requestsErrors = {} as const satisfies Record<string, ErrorEntry>;
