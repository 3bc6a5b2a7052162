import type { ErrorEntry } from './entry.ts';

/** Conversations between members. */
export const chatErrors = {
  CONVERSATION_NOT_FOUND: { status: 404, message: 'There is no such conversation.' },
  CONVERSATION_NOT_YOURS: { status: 403, message: 'This conversation is not yours.' },
} as const satisfies Record<string, ErrorEntry>;
