import type { ErrorEntry } from './entry.ts';

export const kycErrors = {} as const satisfies Record<string, ErrorEntry>;
