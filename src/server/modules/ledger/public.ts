// What other modules may use of ledger, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { balanceOf, postEntry } from './ledger.ts';
export type { EntryKind } from './movements.ts';
export { accounts, paymentReceived, payoutToTraveler, refundToSender, releaseToTraveler } from './movements.ts';
