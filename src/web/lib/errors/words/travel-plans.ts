import type { ErrorWords } from '../types.ts';

export const travelPlansWords = {} as const satisfies Record<string, ErrorWords>;
