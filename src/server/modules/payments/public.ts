// What other modules may use of payments, besides its service.ts: everything else in this folder is
// its own (a dependency-cruiser rule keeps it so).
export { returnPage } from './checkout.ts';
export { heldPaymentsOf, leftOf, spread } from './held.ts';
export type { PaymentRow } from './mapping.ts';
export { toPayment } from './mapping.ts';
export {
  cancelLockedPackage,
  cancelPaidPackage,
  cancelPaidPackageIn,
  isRefundUnavailable,
  noteRefundFailure,
  type PendingRefund,
  providerRefund,
  recordRefund,
  refundPolicy,
} from './refunds.ts';
export { releasePayment, releaseRest } from './release.ts';
export { rewardMoney } from './reprice.ts';
