import { type RequestStatus, requestStatusLabel } from '#shared/requests.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';

const variant: Record<RequestStatus, BadgeVariant> = {
  pending: 'warning',
  agreed: 'info',
  accepted: 'success',
  declined: 'neutral',
  withdrawn: 'neutral',
  expired: 'neutral',
};

/** A request's state in words (never by colour alone). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge variant={variant[status]} data-request-status={status}>
      {requestStatusLabel[status]}
    </Badge>
  );
}
