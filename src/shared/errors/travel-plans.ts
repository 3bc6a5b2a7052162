import type { ErrorEntry } from './entry.ts';

/** A traveler's trips, and what they can still carry. */
export const travelPlansErrors = {
  TRAVEL_PLAN_NOT_FOUND: { status: 404, message: 'There is no such travel plan.' },
  TRAVEL_PLAN_TRAVELER_ONLY: { status: 403, message: 'Only the traveler can change this travel plan.' },
  /** params: status (the plan's). */
  TRAVEL_PLAN_NOT_ACTIVE: { status: 409, message: 'This travel plan is no longer active.' },
  TRAVEL_PLAN_DEPARTED: { status: 409, message: 'This trip has already left: it can no longer pick up a package.' },
  TRAVEL_PLAN_FULL: {
    status: 409,
    message: 'This trip no longer has room for the package: its free capacity was taken.',
  },
  /** `fields.travelPlanId` lists the rules the trip breaks now. */
  TRAVEL_PLAN_NO_LONGER_FITS: { status: 409, message: 'This trip no longer fits the package.' },
  TRAVEL_PLAN_HAS_ACCEPTED_PACKAGES: {
    status: 409,
    message: 'This trip carries accepted packages: cancel carrying them from their package pages first.',
  },
  TRAVEL_PLAN_NOT_DUE: { status: 409, message: 'This travel plan is no longer due to complete.' },
} as const satisfies Record<string, ErrorEntry>;
