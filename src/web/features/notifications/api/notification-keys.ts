/** Mutation keys of the notifications feature; what it reads is keyed in #web/api/notifications.ts. */
export const notificationMutationKeys = {
  all: ['notifications'] as const,
  markRead: () => [...notificationMutationKeys.all, 'mark-read'] as const,
  markAllRead: () => [...notificationMutationKeys.all, 'mark-all-read'] as const,
};
