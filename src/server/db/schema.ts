import * as auth from './schema/auth.ts';

/** The full drizzle schema: one entry per table file in ./schema (drizzle-kit reads that folder). */
export const schema = { ...auth };
export type Schema = typeof schema;
