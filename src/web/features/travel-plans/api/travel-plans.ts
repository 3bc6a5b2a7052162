import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTravelPlan, TravelPlan, TravelPlanStatus, UpdateTravelPlan } from '#shared/travel-plans.ts';
import { travelPlanKeys, travelPlanQueries } from '#web/api/travel-plans.ts';
import { http } from '#web/lib/http.ts';
import { travelPlanMutationKeys } from './travel-plan-keys.ts';

const PAGE_SIZE = 20;

/** A saved or cancelled plan changes its list, its detail and what matches it. */
async function afterPlanChange(client: QueryClient, plan: TravelPlan) {
  client.setQueryData(travelPlanKeys.detail(plan.id), plan);
  await Promise.all([
    client.invalidateQueries({ queryKey: travelPlanKeys.lists() }),
    client.invalidateQueries({ queryKey: travelPlanKeys.matchesOf(plan.id) }),
  ]);
}

/** GET /api/travel-plans?status=: my plans with that status, page by page (cursor). */
export function useMyTravelPlans(status: TravelPlanStatus, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    ...travelPlanQueries.pages({ status, limit: PAGE_SIZE }),
    enabled: options.enabled ?? true,
  });
}

/** GET /api/travel-plans/{id}. */
export function useTravelPlan(id: string | null) {
  return useQuery({ ...travelPlanQueries.detail(id ?? ''), enabled: id !== null });
}

/** POST /api/travel-plans. */
export function useCreateTravelPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: travelPlanMutationKeys.create(),
    mutationFn: (plan: CreateTravelPlan) => http<TravelPlan>('/api/travel-plans', { method: 'POST', body: plan }),
    onSuccess: (plan) => afterPlanChange(client, plan),
  });
}

/** PATCH /api/travel-plans/{id} with only the fields that changed (active plans only). */
export function useUpdateTravelPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: travelPlanMutationKeys.update(),
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTravelPlan }) =>
      http<TravelPlan>(`/api/travel-plans/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes }),
    onSuccess: (plan) => afterPlanChange(client, plan),
  });
}

/** POST /api/travel-plans/{id}/cancel. */
export function useCancelTravelPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: travelPlanMutationKeys.cancel(),
    mutationFn: (id: string) =>
      http<TravelPlan>(`/api/travel-plans/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (plan) => afterPlanChange(client, plan),
  });
}
