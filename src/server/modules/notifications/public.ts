// What other modules may use of notifications, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { adminIds } from './admins.ts';
export { createNotifier, type Notifier, type Notify } from './notifier.ts';
