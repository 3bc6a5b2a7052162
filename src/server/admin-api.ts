import type { FastifyPluginAsync } from 'fastify';
import type { Database } from './db/client.ts';
import type { DataKey } from './lib/crypto.ts';
import { adminMoneyRoutes } from './modules/admin-money/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import type { Sessions } from './modules/auth/sessions.ts';
import { type Broadcaster, broadcastAdminRoutes } from './modules/broadcasts/service.ts';
import { chatAdminRoutes } from './modules/chat/routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/service.ts';
import { kycAdminRoutes } from './modules/kyc/routes.ts';
import { lifecycleAdminRoutes } from './modules/lifecycle/routes.ts';
import { memberAdminRoutes } from './modules/members/routes.ts';
import type { Notifier } from './modules/notifications/public.ts';
import { packageAdminRoutes } from './modules/package-records/routes.ts';
import { requestAdminRoutes } from './modules/requests/admin-routes.ts';
import { type SettingsStore, settingsAdminRoutes } from './modules/settings/service.ts';
import { type SupportDeps, supportAdminRoutes } from './modules/support/service.ts';
import { travelPlanAdminRoutes } from './modules/travel-plans/admin-routes.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import type { Gateway } from './realtime/gateway.ts';

export interface AdminApiOptions {
  db: Database;
  notifier: Notifier;
  provider: PaymentProvider;
  bankKey: DataKey;
  sessions: Sessions;
  gateway: Gateway;
  settings: SettingsStore;
  support: SupportDeps;
  broadcaster: Broadcaster;
}

/**
 * The back office's API, registered once under /api/admin: the prefix itself makes every route in
 * it administrators-only, and the guard refuses an admin-only route anywhere else (ADR 0044). Each
 * module contributes its admin routes with paths relative to the prefix.
 */
export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (app, options) => {
  const { db, notifier, provider, bankKey, sessions, gateway, settings, support, broadcaster } = options;
  await app.register(kycAdminRoutes, { sessions, db, notifier });
  await app.register(adminMoneyRoutes, { db, notifier, provider, bankKey });
  await app.register(lifecycleAdminRoutes, { db, notifier, provider });
  await app.register(chatAdminRoutes, { db, gateway });
  await app.register(requestAdminRoutes, { db, notifier });
  await app.register(travelPlanAdminRoutes, { db, notifier });
  await app.register(packageAdminRoutes, { db, notifier, provider, settings });
  await app.register(auditRoutes, { db });
  await app.register(dashboardAdminRoutes, { db });
  await app.register(memberAdminRoutes, { db, notifier, provider, sessions, gateway });
  await app.register(settingsAdminRoutes, { db, settings });
  await app.register(supportAdminRoutes, support);
  await app.register(broadcastAdminRoutes, { db, broadcaster });
};
