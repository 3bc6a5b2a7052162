import type { ErrorEntry } from './entry.ts';

/** The support desk: the contact form and tickets. */
export const supportErrors = {
  TICKET_NOT_FOUND: { status: 404, message: 'There is no such support ticket.' },
  SUPPORT_RATE_LIMITED: { status: 429, message: 'Too many messages to the support team; try again later.' },
  TICKET_ASSIGNEE_NOT_ADMIN: { status: 422, message: 'Tickets can only be assigned to an administrator.' },
} as const satisfies Record<string, ErrorEntry>;
