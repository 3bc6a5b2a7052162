import type { TravelPlanStatus } from '#shared/travel-plans.ts';

/** Query and mutation keys of the travel-plans feature, from one factory. */
export const travelPlanKeys = {
  all: ['travel-plans'] as const,
  lists: () => [...travelPlanKeys.all, 'list'] as const,
  list: (status: TravelPlanStatus) => [...travelPlanKeys.lists(), { status }] as const,
  detail: (id: string) => [...travelPlanKeys.all, 'detail', id] as const,
  /** Every plan's matches: a request links a package to the traveler, on each of their trips. */
  allMatches: () => [...travelPlanKeys.all, 'matches'] as const,
  /** Every radius of one plan's matches, so a change to the plan refreshes them all. */
  matchesOf: (id: string) => [...travelPlanKeys.allMatches(), id] as const,
  matches: (id: string, radiusKm: number) => [...travelPlanKeys.matchesOf(id), { radiusKm }] as const,
  create: () => [...travelPlanKeys.all, 'create'] as const,
  update: () => [...travelPlanKeys.all, 'update'] as const,
  cancel: () => [...travelPlanKeys.all, 'cancel'] as const,
  offer: () => [...travelPlanKeys.all, 'offer'] as const,
  withdrawOffer: () => [...travelPlanKeys.all, 'withdraw-offer'] as const,
};
