import type { AdminUser } from '#shared/admin-users.ts';
import type { kycStatuses } from '#shared/auth.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';

type KycStatus = (typeof kycStatuses)[number];

export const kycStatusLabel: Record<KycStatus, string> = {
  not_started: 'Not started',
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

export const kycStatusVariant: Record<KycStatus, BadgeVariant> = {
  not_started: 'neutral',
  pending: 'warning',
  approved: 'success',
  declined: 'danger',
};

/** What an admin must see of an account at a glance: deleted, banned, admin, verified. */
export function MemberBadges({ user }: { user: Pick<AdminUser, 'deleted' | 'banned' | 'isAdmin' | 'verified'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.deleted ? <Badge variant="neutral">Deleted</Badge> : null}
      {user.banned ? <Badge variant="danger">Banned</Badge> : null}
      {user.isAdmin ? <Badge variant="info">Admin</Badge> : null}
      {user.verified ? <Badge variant="success">Verified</Badge> : <Badge variant="neutral">Not verified</Badge>}
    </span>
  );
}
