// What other modules may use of notifications, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { adminIds } from './admins.ts';
export type { Notifier, Notify } from './notifier.ts';
