import type { ErrorParams } from '#shared/errors.ts';
import type { ErrorWords } from '../types.ts';

const inMinutes = ({ minutes }: ErrorParams) => (minutes ? `in ${minutes} minutes` : 'later');

export const supportWords = {
  TICKET_NOT_FOUND: {
    message: 'This conversation with our team no longer exists, or it is not yours.',
    actions: [{ kind: 'link', to: '/user/help-center', label: 'Your conversations' }],
  },
  SUPPORT_RATE_LIMITED: {
    message: (params) =>
      `You have sent us several messages in the last hour. We read every one; write again ${inMinutes(params)} if you need to add something.`,
  },
  TICKET_ASSIGNEE_NOT_ADMIN: 'Only an administrator can take a ticket. Choose someone from the list.',
} as const satisfies Record<string, ErrorWords>;
