import type { ErrorWords } from '../types.ts';

export const notificationsWords = {
  NOTIFICATION_NOT_FOUND: 'This notification no longer exists. Reload the page to see your notifications.',
} as const satisfies Record<string, ErrorWords>;
