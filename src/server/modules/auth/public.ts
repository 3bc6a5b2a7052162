// What other modules may use of auth, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { pruneAttemptCounters } from './attempt-limits.ts';
export { type Auth, createAuth } from './auth.ts';
export type { Sessions } from './sessions.ts';
