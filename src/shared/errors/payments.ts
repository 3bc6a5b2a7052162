import type { ErrorEntry } from './entry.ts';

export const paymentsErrors = {} as const satisfies Record<string, ErrorEntry>;
