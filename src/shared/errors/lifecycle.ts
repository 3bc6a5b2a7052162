import type { ErrorEntry } from './entry.ts';

export const lifecycleErrors = {} as const satisfies Record<string, ErrorEntry>;
