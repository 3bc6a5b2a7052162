import type { ErrorWords } from '../types.ts';

export const notificationsWords = {
  NOTIFICATION_NOT_FOUND: 'This notification no longer exists. Reload the page to see your notifications.',
  BROADCAST_NOT_FOUND: 'This broadcast does not exist. Reload the page to see the list.',
} as const satisfies Record<string, ErrorWords>;
