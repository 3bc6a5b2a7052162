// What other modules may use of requests, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { listAdminRequests } from './admin.ts';
export { completeAgreedRequest } from './answer.ts';
export { endMatch } from './capacity.ts';
export {
  closePendingRequestsOfPlan,
  expirePendingRequestsOf,
  expirePendingRequestsOfPlan,
  lockPackagesWithPendingRequestsOn,
} from './expire.ts';
export { misfitsOf } from './fit.ts';
export type { AgreedReward, RewardMoney } from './settlement.ts';
