import type { ErrorEntry } from './entry.ts';

export const chatErrors = {} as const satisfies Record<string, ErrorEntry>;
