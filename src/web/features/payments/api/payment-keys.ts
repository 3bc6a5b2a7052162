/** Mutation keys of the payments feature; what it reads is keyed in #web/api (payments, packages). */
export const paymentMutationKeys = {
  all: ['payments'] as const,
  start: (packageId: string) => [...paymentMutationKeys.all, 'start', packageId] as const,
  sandboxPay: (ref: string) => [...paymentMutationKeys.all, 'sandbox', ref, 'pay'] as const,
  sandboxCancel: (ref: string) => [...paymentMutationKeys.all, 'sandbox', ref, 'cancel'] as const,
};
