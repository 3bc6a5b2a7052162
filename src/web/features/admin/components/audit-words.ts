import type { AuditAction, AuditSubjectType } from '#shared/audit.ts';

/** What each audited action reads as, in the log and on a record's timeline. */
export const auditActionWords: Record<AuditAction, string> = {
  'kyc.approve': 'Approved the identity check',
  'kyc.decline': 'Declined the identity check',
  'payment.refund': 'Refunded a payment',
  'payout.mark_sent': 'Marked a payout as sent',
  'payout.bank_details_viewed': 'Viewed bank details of a payout',
  'dispute.refund_sender': 'Resolved a dispute: refunded the sender',
  'dispute.release_traveler': 'Resolved a dispute: released to the traveler',
  'conversation.open': 'Opened a conversation with a member',
  'conversation.read': 'Read a conversation between members',
  'member.ban': 'Banned a member',
  'member.unban': 'Lifted a ban',
  'member.role': 'Changed a member’s role',
  'member.sessions_revoked': 'Signed a member out everywhere',
  'package.cancel': 'Cancelled a package',
  'request.withdraw': 'Withdrew a request',
  'request.expire': 'Closed a request as expired',
  'travel_plan.cancel': 'Cancelled a trip',
  'notification.send': 'Sent a notification',
  'setting.change': 'Changed a setting',
  'support.assign': 'Assigned a support ticket',
  'support.reply': 'Answered a support ticket',
  'support.close': 'Closed a support ticket',
  'data.export': 'Exported money records as CSV',
  'broadcast.send': 'Sent a broadcast',
};

export const auditSubjectWords: Record<AuditSubjectType, string> = {
  user: 'Member',
  package: 'Package',
  payment: 'Payment',
  payout: 'Payout',
  request: 'Request',
  travel_plan: 'Trip',
  conversation: 'Conversation',
  setting: 'Setting',
  support_ticket: 'Support ticket',
  export: 'Export',
  broadcast: 'Broadcast',
};

/** The back-office page of an audited record, where it has one. */
export function auditSubjectHref(type: AuditSubjectType, id: string): string | null {
  const encoded = encodeURIComponent(id);
  switch (type) {
    case 'user':
      return `/admin/users/${encoded}`;
    case 'package':
      return `/admin/packages/${encoded}`;
    case 'request':
      return `/admin/requests/${encoded}`;
    case 'travel_plan':
      return `/admin/travel-plans/${encoded}`;
    case 'payment':
      return `/admin/payments?q=${encoded}`;
    case 'payout':
      return `/admin/transactions?payout=${encoded}`;
    case 'setting':
      return `/admin/system-settings#setting-${encoded}`;
    case 'support_ticket':
      return `/admin/support/${encoded}`;
    case 'conversation':
    case 'export':
      return null;
    case 'broadcast':
      return '/admin/communications/notifications';
  }
}

/** "status: open → cancelled" lines for the fields an action changed. */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { field: string; from: string; to: string }[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({ field, from: shown(before?.[field]), to: shown(after?.[field]) }));
}

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
