// What other modules may use of admin-money, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { listEntries } from './journal.ts';
export { listPayments } from './payment-list.ts';
