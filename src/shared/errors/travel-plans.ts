import type { ErrorEntry } from './entry.ts';

export const travelPlansErrors = {} as const satisfies Record<string, ErrorEntry>;
