/** Query and mutation keys of the payments feature, from one factory. */
export const paymentKeys = {
  all: ['payments'] as const,
  /** The package being paid for, as the payment screens read it. */
  packageDue: (packageId: string) => [...paymentKeys.all, 'package', packageId] as const,
  latests: () => [...paymentKeys.all, 'latest'] as const,
  /** The newest payment of a package: what the return page polls. */
  latest: (packageId: string) => [...paymentKeys.latests(), packageId] as const,
  start: (packageId: string) => [...paymentKeys.all, 'start', packageId] as const,
  sandboxCheckout: (ref: string) => [...paymentKeys.all, 'sandbox', ref] as const,
  sandboxPay: (ref: string) => [...paymentKeys.all, 'sandbox', ref, 'pay'] as const,
  sandboxCancel: (ref: string) => [...paymentKeys.all, 'sandbox', ref, 'cancel'] as const,
};
