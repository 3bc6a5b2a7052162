import type { ErrorEntry } from './entry.ts';

export const profilesErrors = {} as const satisfies Record<string, ErrorEntry>;
