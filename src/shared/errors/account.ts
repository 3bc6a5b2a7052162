import type { ErrorEntry } from './entry.ts';

export const accountErrors = {} as const satisfies Record<string, ErrorEntry>;
