import type { ErrorWords } from '../types.ts';

export const chatWords = {
  CONVERSATION_NOT_FOUND: 'This conversation no longer exists. Reload the page to see your messages as they are now.',
  CONVERSATION_NOT_YOURS: 'This conversation is not yours.',
} as const satisfies Record<string, ErrorWords>;
