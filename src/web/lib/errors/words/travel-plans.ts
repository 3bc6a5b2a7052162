import type { ErrorWords } from '../types.ts';

export const travelPlansWords = {
  TRAVEL_PLAN_NOT_FOUND: 'This trip no longer exists. Reload the page to see your trips as they are now.',
  TRAVEL_PLAN_TRAVELER_ONLY: 'Only the traveler who added this trip can change it.',
  TRAVEL_PLAN_NOT_ACTIVE: {
    message: ({ status }) =>
      status
        ? `This trip is ${status}: only an active trip can be changed or carry packages.`
        : 'This trip is no longer active: it cannot be changed or carry packages.',
  },
  TRAVEL_PLAN_DEPARTED: 'This trip has already left: it can no longer pick up a package.',
  TRAVEL_PLAN_FULL: 'This trip no longer has room for the package: its free capacity was taken.',
  TRAVEL_PLAN_NO_LONGER_FITS:
    'This trip no longer fits the package: its dates, route or free capacity changed since the request was made.',
  TRAVEL_PLAN_HAS_ACCEPTED_PACKAGES:
    'This trip carries accepted packages: cancel carrying them from their package pages first.',
  TRAVEL_PLAN_NOT_DUE: 'This trip is no longer due to complete.',
} as const satisfies Record<string, ErrorWords>;
