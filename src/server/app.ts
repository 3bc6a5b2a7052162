import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApi } from './admin-api.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { handoverCodeKeys } from './lib/codes.ts';
import { loggerOptions } from './logger.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createSessionChanges } from './modules/auth/session-changes.ts';
import { createSessions, hasSessionCookie, type Sessions } from './modules/auth/sessions.ts';
import { balanceRoutes } from './modules/balances/routes.ts';
import { createBroadcaster } from './modules/broadcasts/service.ts';
import { browseRoutes } from './modules/browse/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { promoteAdmin } from './modules/demo/service.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { scheduledJobs } from './modules/jobs/jobs.ts';
import { createScheduler, type Scheduler } from './modules/jobs/scheduler.ts';
import { kycRoutes } from './modules/kyc/routes.ts';
import { lifecycleRoutes } from './modules/lifecycle/routes.ts';
import { matchingRoutes } from './modules/matching/routes.ts';
import { metaRoutes } from './modules/meta/routes.ts';
import { createNotifier } from './modules/notifications/notifier.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { packageRoutes } from './modules/packages/routes.ts';
import { cancelPaidPackage } from './modules/payments/refunds.ts';
import { rewardMoney } from './modules/payments/reprice.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { bankDetailsKey } from './modules/payouts/bank-details.ts';
import { payoutMethodsOf } from './modules/payouts/methods.ts';
import { payoutRoutes } from './modules/payouts/routes.ts';
import { placeRoutes } from './modules/places/routes.ts';
import { placeBySlug } from './modules/places/service.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { requestRoutes } from './modules/requests/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { routeAlertRoutes } from './modules/route-alerts/routes.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { pageHead } from './modules/seo/service.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSettingsStore, type SettingsStore } from './modules/settings/service.ts';
import { type SupportDeps, supportRoutes } from './modules/support/service.ts';
import { travelPlanRoutes } from './modules/travel-plans/routes.ts';
import { ADMIN_API_PREFIX, authGuardPlugin } from './plugins/auth-guard.ts';
import { clientIpPlugin, fastifyTrustProxy } from './plugins/client-ip.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { secureCookiesPlugin } from './plugins/secure-cookies.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { readBuildId, webPlugin } from './plugins/web.ts';
import { createKycProvider } from './providers/kyc/create.ts';
import { createMailer } from './providers/mail/create.ts';
import { createPaymentProvider } from './providers/payments/create.ts';
import { createSmsSender, createTextSender } from './providers/sms/create.ts';
import {
  createAvatarStorage,
  createPackagePhotoStorage,
  createPrivatePhotoStorage,
} from './providers/storage/create.ts';
import { createGateway, type Gateway } from './realtime/gateway.ts';

export interface AppDeps {
  database: DatabaseHandle;
  /** What time the time-bound rules read (review reveal, scheduled jobs); tests pass a fake clock. */
  clock?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gateway;
    database: DatabaseHandle;
    /** Who is behind a request; `userChanged` after writing to a member outside the app's services. */
    sessions: Sessions;
    /** The scheduled jobs; ticking on its own only when JOBS_INTERVAL_MS > 0 (tests call tick()). */
    scheduler: Scheduler;
    /** The system settings in force; every service that reads one is handed this store. */
    settings: SettingsStore;
    /** This app's counters and timings, scraped at GET /metrics. */
    metrics: Metrics;
  }
}

/** The site's own WebSocket origin (ws:// for http://, wss:// for https://). */
function socketOrigin(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** The whole server, ready to listen; tests call it directly. Closing it closes sockets and the database. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config),
    // Forwarded headers are believed only from the proxies the operator named (ADR 0031); by default
    // the client is whoever opened the socket, so no header can pick the address rate limits count.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses: config.env !== 'production' }));

  const buildId = readBuildId(config.webDistDir);
  const mailer = createMailer(config, deps.database.db);
  const sms = createSmsSender(config, deps.database.db);
  const sessionChanges = await createSessionChanges({ redisUrl: config.redisUrl, log: app.log });
  app.addHook('onClose', () => sessionChanges.close());
  const auth = createAuth(config, deps.database.db, { mailer, sms, sessionChanges });
  const sessions = createSessions(auth, sessionChanges);
  const storage = await createAvatarStorage(config);
  const clock = deps.clock ?? (() => new Date());

  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { metrics, ...config.metrics });
  await app.register(clientIpPlugin);
  await app.register(secureCookiesPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        // This site only. 'self' covers its own ws(s) in current browsers; the socket's origin is
        // spelled out for those that still read 'self' as http(s) only (ADR 0031).
        'connect-src': ["'self'", socketOrigin(config.baseUrl)],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Inline styles: Radix's dialogs add a <style> element while open (react-remove-scroll).
        'style-src': ["'self'", "'unsafe-inline'"],
        'upgrade-insecure-requests': null,
      },
    },
    // The API docs UI loads its own assets; nothing here is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(originCheckPlugin, { baseUrl: config.baseUrl });
  await app.register(openapiPlugin, { version: buildId, baseUrl: config.baseUrl });
  // Before every route it guards (all the modules below); the API docs above are public.
  await app.register(authGuardPlugin, { sessions });

  // Created before the modules: services push live events through it.
  const gateway = await createGateway({
    server: app.server,
    sessions,
    redisUrl: config.redisUrl,
    log: app.log,
    baseUrl: config.baseUrl,
  });
  app.decorate('gateway', gateway);
  // This node's own sockets: each node is scraped on its own.
  metrics.gauge(
    'tagalong_socket_connections',
    'Socket.IO connections open on this node',
    () => gateway.io.of('/').sockets.size,
  );
  const poolStats = deps.database.poolStats;
  if (poolStats) {
    metrics.gauges(
      'tagalong_db_pool_connections',
      'PostgreSQL pool: connections in use and idle, queries waiting',
      'state',
      () => {
        const { total, idle, waiting } = poolStats();
        return { in_use: total - idle, idle, waiting };
      },
    );
  }
  app.decorate('database', deps.database);
  app.decorate('sessions', sessions);
  const settings = createSettingsStore({ db: deps.database.db, log: app.log });
  app.decorate('settings', settings);
  // Sockets hold their connections open; end them first so the HTTP server can drain and close.
  app.addHook('preClose', async () => {
    await gateway.close();
  });
  const notifier = createNotifier({ gateway, log: app.log, mailer, baseUrl: config.baseUrl });
  // E-mail copies still being sent finish before the mailer and the database close.
  app.addHook('preClose', () => notifier.drain());

  await app.register(healthRoutes, { database: deps.database });
  const paymentProvider = createPaymentProvider(config);
  const payoutMethods = payoutMethodsOf(paymentProvider);
  await app.register(metaRoutes, { config, buildId, payoutMethods });
  await app.register(authRoutes, { auth });
  await app.register(profileRoutes, { auth, sessions, db: deps.database.db, storage, clock });
  await app.register(kycRoutes, {
    sessions,
    db: deps.database.db,
    provider: createKycProvider(config),
    notifier,
    baseUrl: config.baseUrl,
    sandboxDelayMs: config.kycSandboxDelayMs,
    settings,
    clock,
  });
  await app.register(placeRoutes);
  await app.register(browseRoutes, { db: deps.database.db, settings, clock });
  await app.register(matchingRoutes, { db: deps.database.db, settings, clock });
  await app.register(settingsRoutes, { settings });
  await app.register(packageRoutes, {
    db: deps.database.db,
    storage: await createPackagePhotoStorage(config),
    settings,
    cancelPaid: (input) => cancelPaidPackage(deps.database.db, notifier, paymentProvider, input),
  });
  const codeKeys = handoverCodeKeys(config.authSecret);
  await app.register(paymentRoutes, {
    db: deps.database.db,
    provider: paymentProvider,
    notifier,
    settings,
    baseUrl: config.baseUrl,
    codeKeys,
  });
  const bankKey = bankDetailsKey(config.authSecret);
  await app.register(balanceRoutes, { db: deps.database.db });
  await app.register(payoutRoutes, { db: deps.database.db, bankKey, methods: payoutMethods });
  await app.register(travelPlanRoutes, { db: deps.database.db, notifier, settings });
  await app.register(requestRoutes, {
    db: deps.database.db,
    notifier,
    codeKeys,
    settings,
    money: rewardMoney(paymentProvider),
  });
  await app.register(lifecycleRoutes, {
    db: deps.database.db,
    notifier,
    codeKeys,
    texts: createTextSender(config, deps.database.db),
    settings,
    photos: await createPrivatePhotoStorage(config),
  });
  await app.register(reviewRoutes, { db: deps.database.db, notifier, clock });
  await app.register(routeAlertRoutes, { db: deps.database.db, settings });
  const scheduler = createScheduler({
    db: deps.database.db,
    notifier,
    provider: paymentProvider,
    settings,
    log: app.log.child({ module: 'jobs' }),
    mailer,
    baseUrl: config.baseUrl,
    clock,
    intervalMs: config.jobsIntervalMs,
    jobs: scheduledJobs,
    metrics,
  });
  app.decorate('scheduler', scheduler);
  if (config.jobsIntervalMs > 0) app.addHook('onReady', async () => scheduler.start());
  // A tick under way finishes (and its e-mails go) before the database closes.
  app.addHook('preClose', async () => {
    await scheduler.stop();
    await notifier.drain();
  });
  await app.register(notificationRoutes, { db: deps.database.db, gateway });
  await app.register(chatRoutes, { db: deps.database.db, gateway });
  const support: SupportDeps = {
    db: deps.database.db,
    notifier,
    mailer,
    log: app.log.child({ module: 'support' }),
    baseUrl: config.baseUrl,
    rateLimit: config.rateLimit,
  };
  await app.register(supportRoutes, support);
  const broadcaster = createBroadcaster({
    db: deps.database.db,
    notifier,
    log: app.log.child({ module: 'broadcasts' }),
  });
  // Batches under way finish (and their e-mails go) before the database closes.
  app.addHook('preClose', async () => {
    await broadcaster.drain();
    await notifier.drain();
  });
  await app.register(adminApi, {
    prefix: ADMIN_API_PREFIX,
    db: deps.database.db,
    notifier,
    provider: paymentProvider,
    bankKey,
    sessions,
    gateway,
    settings,
    support,
    broadcaster,
  });
  // Demo-only pages and their APIs do not exist at all with demo mode off (404 like any unknown path).
  if (config.demoMode) await app.register(devOutboxRoutes, { db: deps.database.db });
  await app.register(seoRoutes, { db: deps.database.db, baseUrl: config.baseUrl });
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    demoMode: config.demoMode,
    head: (url, match) => pageHead({ baseUrl: config.baseUrl, url, match, placeBySlug }),
    hasSessionCookie,
  });

  if (config.demoMode) {
    app.log.info(
      { demoMode: true },
      'demo mode is on: demo accounts with a public password, and a mailbox (/api/dev/outbox) that answers only this machine',
    );
  }
  if (config.adminEmail) await promoteAdmin(deps.database.db, config.adminEmail, app.log);

  app.addHook('onClose', async () => {
    await mailer.close?.();
    await deps.database.close();
  });

  return app;
}
