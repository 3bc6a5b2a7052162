/**
 * The marketplace rules the public pages quote, at their default settings (docs/product.md §2, §5, §10). They are
 * system settings an admin can change; once the settings API exists, the pages should read the live
 * values instead of these.
 */
export const policyFigures = {
  feePercent: 10,
  minimumFee: '1.00',
  minWeightKg: 0.1,
  maxWeightKg: 20,
  minReward: '5.00',
  maxReward: '1,000.00',
  autoCompleteDays: 2,
  maxPhotos: 5,
  minDistanceKm: 1,
} as const;

export const prohibitedItems = ['weapons', 'drugs', 'cash', 'live animals', 'hazardous materials'] as const;

export const supportEmail = 'support@tagalong.test';

/** The date the policy texts last changed (ISO, calendar date). */
export const policiesLastUpdated = '2026-11-21';
