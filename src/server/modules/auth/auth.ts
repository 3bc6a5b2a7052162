import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { account, session, user, verification } from '#server/db/schema/auth.ts';

/** The identity provider is this server (ADR 0006): Better Auth on our own database. */
export function createAuth(config: Config, db: Database) {
  return betterAuth({
    appName: 'Tagalong',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The configured site, and the origin the request itself was addressed to: a page served by
    // this server posting back to it is same-origin (a cross-site page cannot forge Host and Origin
    // together), which matters when BASE_URL does not name every address the server answers on.
    trustedOrigins: (request) => [config.baseUrl, request ? new URL(request.url).origin : undefined],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    advanced: { database: { generateId: 'uuid' } },
    emailAndPassword: { enabled: true, minPasswordLength: 8 },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
    plugins: [admin()],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
