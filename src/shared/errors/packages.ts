import type { ErrorEntry } from './entry.ts';

export const packagesErrors = {} as const satisfies Record<string, ErrorEntry>;
