/** Query keys of the dashboard's "what needs my action now", from one factory. */
export const actionKeys = {
  all: ['dashboard-actions'] as const,
  requests: (direction: 'incoming' | 'outgoing', status: 'pending' | 'accepted') =>
    [...actionKeys.all, 'requests', { direction, status }] as const,
  review: (packageId: string) => [...actionKeys.all, 'review', packageId] as const,
};
