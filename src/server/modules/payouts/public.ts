// What other modules may use of payouts, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { listPayouts, markPayoutSent, revealBankDetails } from './admin.ts';
export { bankDetailsKey, sealBankDetails } from './bank-details.ts';
