import * as audit from './schema/audit.ts';
import * as auth from './schema/auth.ts';
import * as broadcasts from './schema/broadcasts.ts';
import * as kyc from './schema/kyc.ts';
import * as notifications from './schema/notifications.ts';
import * as outbox from './schema/outbox.ts';
import * as packages from './schema/packages.ts';
import * as payments from './schema/payments.ts';
import * as requests from './schema/requests.ts';
import * as rollups from './schema/rollups.ts';
import * as routeAlerts from './schema/route-alerts.ts';
import * as settings from './schema/settings.ts';
import * as support from './schema/support.ts';
import * as travelPlans from './schema/travel-plans.ts';

/** The full drizzle schema: one entry per table file in ./schema (drizzle-kit reads that folder). */
export const schema = {
  ...auth,
  ...outbox,
  ...kyc,
  ...notifications,
  ...audit,
  ...packages,
  ...travelPlans,
  ...settings,
  ...payments,
  ...requests,
  ...support,
  ...rollups,
  ...broadcasts,
  ...routeAlerts,
};
export type Schema = typeof schema;
