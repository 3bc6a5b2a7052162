/** Mutation keys of the requests feature; what it reads is keyed in #web/api (requests, packages). */
export const requestMutationKeys = {
  all: ['requests'] as const,
  accept: () => [...requestMutationKeys.all, 'accept'] as const,
  pay_difference: () => [...requestMutationKeys.all, 'pay_difference'] as const,
  counter: () => [...requestMutationKeys.all, 'counter'] as const,
  decline: () => [...requestMutationKeys.all, 'decline'] as const,
  withdraw: () => [...requestMutationKeys.all, 'withdraw'] as const,
  invite: () => [...requestMutationKeys.all, 'invite'] as const,
};
