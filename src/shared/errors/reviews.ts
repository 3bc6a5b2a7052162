import type { ErrorEntry } from './entry.ts';

export const reviewsErrors = {} as const satisfies Record<string, ErrorEntry>;
