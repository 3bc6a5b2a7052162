import { type TravelPlanStatus, travelPlanStatusLabel } from '#shared/travel-plans.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';

const variant: Record<TravelPlanStatus, BadgeVariant> = { active: 'info', completed: 'success', cancelled: 'neutral' };

export function PlanStatusBadge({ status }: { status: TravelPlanStatus }) {
  return (
    <Badge variant={variant[status]} data-status={status}>
      {travelPlanStatusLabel[status]}
    </Badge>
  );
}
