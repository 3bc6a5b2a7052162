import type { ErrorEntry } from './entry.ts';

/** A member's saved routes (docs/product.md §3.5). */
export const routeAlertsErrors = {
  ROUTE_ALERT_NOT_FOUND: { status: 404, message: 'There is no such alert.' },
  /** params: max. */
  ROUTE_ALERT_LIMIT: { status: 409, message: 'You have as many alerts as you can keep: delete one first.' },
} as const satisfies Record<string, ErrorEntry>;
