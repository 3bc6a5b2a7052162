// What other modules may use of lifecycle, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { completePackage } from './complete.ts';
export { toDispute as disputeView } from './disputes.ts';
export { expirePackage } from './expire.ts';
