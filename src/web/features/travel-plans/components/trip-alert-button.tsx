import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellPlus } from 'lucide-react';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { routeAlertKeys, saveRouteAlert } from '#web/api/route-alerts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';

/**
 * "Alert me" on one of my active trips (docs/product.md §3.5): the trip itself becomes a route alert,
 * so a package published on its route and days is told at once. Saving it twice keeps one alert.
 */
export function TripAlertButton({
  plan,
  route,
  describedBy,
}: {
  plan: TravelPlan;
  route: string;
  describedBy: string;
}) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () => saveRouteAlert({ kind: 'packages', travelPlanId: plan.id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: routeAlertKeys.all });
      showToast(`Alert saved: we will tell you of new packages for your trip ${route}.`, 'success');
    },
    onError: (error) => showToast(errorMessage(error), 'error'),
  });
  return (
    <Button
      variant="secondary"
      // Each card's button names its own trip: a list of them reads apart by screen reader.
      aria-label={`Alert me of new packages for ${route}`}
      aria-describedby={describedBy}
      aria-disabled={save.isPending || undefined}
      onClick={() => {
        if (!save.isPending) save.mutate();
      }}
    >
      <BellPlus aria-hidden="true" className="size-4" />
      Alert me of new packages
      <span className="sr-only"> for {route}</span>
    </Button>
  );
}
