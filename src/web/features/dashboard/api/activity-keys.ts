import type { PackageStatus } from '#shared/package-status.ts';

/** Query keys of the dashboard's "your packages and trips", from one factory. */
export const activityKeys = {
  all: ['dashboard-activity'] as const,
  /** The first page of my packages as sender with those statuses. */
  sentPackages: (statuses: readonly PackageStatus[], limit: number) =>
    [...activityKeys.all, 'sent-packages', { statuses, limit }] as const,
  activeTrips: (limit: number) => [...activityKeys.all, 'trips', { status: 'active', limit }] as const,
};
