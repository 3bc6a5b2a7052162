import type { Database } from './client.ts';

/** A transaction of the app's database: what a unit of work runs its statements on. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
