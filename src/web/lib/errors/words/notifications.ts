import type { ErrorWords } from '../types.ts';

export const notificationsWords = {} as const satisfies Record<string, ErrorWords>;
