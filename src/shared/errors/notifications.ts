import type { ErrorEntry } from './entry.ts';

export const notificationsErrors = {} as const satisfies Record<string, ErrorEntry>;
