import type { ErrorWords } from '../types.ts';

export const profilesWords = {} as const satisfies Record<string, ErrorWords>;
