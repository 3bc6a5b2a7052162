import type { ErrorWords } from '../types.ts';

export const routeAlertsWords = {
  ROUTE_ALERT_NOT_FOUND: 'This alert no longer exists. Reload the page to see your alerts as they are now.',
  ROUTE_ALERT_LIMIT: {
    message: ({ max }) =>
      `You already keep ${max ?? 'the most'} alerts: delete one you no longer need, then save this one.`,
  },
} as const satisfies Record<string, ErrorWords>;
