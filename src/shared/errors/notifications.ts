import type { ErrorEntry } from './entry.ts';

/** A member's notifications. */
export const notificationsErrors = {
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'There is no such notification.' },
  BROADCAST_NOT_FOUND: { status: 404, message: 'There is no such broadcast.' },
} as const satisfies Record<string, ErrorEntry>;
