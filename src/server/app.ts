import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { loggerOptions } from './logger.ts';
import { createAuth } from './modules/auth/auth.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { promoteAdmin, seedDemoAccounts } from './modules/demo/seed.ts';
import { devOutboxRoutes } from './modules/dev-outbox/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { metaRoutes } from './modules/meta/routes.ts';
import { profileRoutes } from './modules/profiles/routes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { readBuildId, webPlugin } from './plugins/web.ts';
import { createMailer } from './providers/mail/create.ts';
import { createSmsSender } from './providers/sms/create.ts';
import { createAvatarStorage } from './providers/storage/create.ts';
import { createGateway, type Gateway } from './realtime/gateway.ts';

export interface AppDeps {
  database: DatabaseHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gateway;
    database: DatabaseHandle;
  }
}

/** The whole server, ready to listen; tests call it directly. Closing it closes sockets and the database. */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const buildId = readBuildId(config.webDistDir);
  const mailer = createMailer(config, deps.database.db);
  const sms = createSmsSender(config, deps.database.db);
  const auth = createAuth(config, deps.database.db, { mailer, sms });
  const storage = createAvatarStorage(config);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
    // The API docs UI loads its own assets; nothing here is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(originCheckPlugin, { baseUrl: config.baseUrl });
  await app.register(openapiPlugin, { version: buildId });

  await app.register(healthRoutes, { database: deps.database });
  await app.register(metaRoutes, { config, buildId });
  await app.register(authRoutes, { auth });
  await app.register(profileRoutes, { auth, db: deps.database.db, storage });
  // Demo-only pages and their APIs do not exist at all with demo mode off (404 like any unknown path).
  if (config.demoMode) await app.register(devOutboxRoutes, { db: deps.database.db });
  await app.register(webPlugin, { distDir: config.webDistDir, demoMode: config.demoMode });

  if (config.demoMode) await seedDemoAccounts(auth, deps.database.db, app.log);
  if (config.adminEmail) await promoteAdmin(deps.database.db, config.adminEmail, app.log);

  const gateway = await createGateway({ server: app.server, auth, redisUrl: config.redisUrl, log: app.log });
  app.decorate('gateway', gateway);
  app.decorate('database', deps.database);
  // Sockets hold their connections open; end them first so the HTTP server can drain and close.
  app.addHook('preClose', async () => {
    await gateway.close();
  });
  app.addHook('onClose', async () => {
    await mailer.close?.();
    await deps.database.close();
  });

  return app;
}
