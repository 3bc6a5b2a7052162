/** Mutation keys of the travel-plans feature; what it reads is keyed in #web/api/travel-plans.ts. */
export const travelPlanMutationKeys = {
  all: ['travel-plans'] as const,
  create: () => [...travelPlanMutationKeys.all, 'create'] as const,
  update: () => [...travelPlanMutationKeys.all, 'update'] as const,
  cancel: () => [...travelPlanMutationKeys.all, 'cancel'] as const,
  offer: () => [...travelPlanMutationKeys.all, 'offer'] as const,
  withdrawOffer: () => [...travelPlanMutationKeys.all, 'withdraw-offer'] as const,
};
