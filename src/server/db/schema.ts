import * as auth from './schema/auth.ts';
import * as outbox from './schema/outbox.ts';

/** The full drizzle schema: one entry per table file in ./schema (drizzle-kit reads that folder). */
export const schema = { ...auth, ...outbox };
export type Schema = typeof schema;
