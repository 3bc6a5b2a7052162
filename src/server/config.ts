import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { isLoopbackHost } from './lib/loopback.ts';

// Every environment variable the server reads is parsed here and nowhere else. A bad value stops
// start-up with a message naming the variable (ConfigError), before anything is opened.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  DEMO_MODE: bool.optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ADMIN_EMAIL: z.email().optional(),
  RATE_LIMIT: bool.optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => /^\d{1,2}$/.test(v) || v.split(',').every((part) => isAddressOrRange(part.trim())),
      'must be a hop count (1, 2…) or a comma-separated list of proxy addresses or CIDR ranges',
    )
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Tagalong <no-reply@tagalong.test>'),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_VERIFY_SERVICE_SID: z
    .string()
    .regex(/^VA[0-9a-f]{32}$/i, 'must be a Verify service SID (VA followed by 32 hex characters)')
    .optional(),
  TWILIO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  KYCAID_API_TOKEN: z.string().min(1).optional(),
  KYCAID_FORM_ID: z.string().min(1).optional(),
  KYCAID_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  KYC_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('tagalong'),
  METRICS: bool.optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  JOBS_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000, 'must be at most 86400000 (a day)').optional(),
});

/** Every environment variable the server reads (the README's table and the deployment files name only these). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  demoMode: boolean;
  authSecret: string;
  /**
   * "Continue with Google" when both GOOGLE_CLIENT_* keys are set. The issuer is Google's unless
   * GOOGLE_ISSUER names another OpenID Connect provider (a local one in tests; ADR 0014).
   */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Made an administrator on start (docs/product.md §8), if that account exists. */
  adminEmail: string | undefined;
  /** Sign-in, sign-up, reset and OTP limits; on unless RATE_LIMIT=false. */
  rateLimit: boolean;
  /**
   * Which proxies' X-Forwarded-* headers are believed (Fastify's trustProxy): a hop count or a list of
   * addresses/CIDR ranges. False by default: the client is the socket's address (ADR 0031).
   */
  trustProxy: false | number | string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Twilio Verify for phone codes when all three TWILIO_* keys are set; else the SMS outbox. */
  twilio: { accountSid: string; authToken: string; verifyServiceSid: string; apiUrl: string } | undefined;
  /** KYCAID when both KYCAID_API_TOKEN and KYCAID_FORM_ID are set; else the embedded sandbox. */
  kycaid: { apiToken: string; formId: string; apiUrl: string } | undefined;
  /** Stripe Checkout and webhooks when both keys are set; else the embedded sandbox checkout. */
  stripe: { secretKey: string; webhookSecret: string; apiBase?: string } | undefined;
  /**
   * Avatars and photos in this S3-compatible bucket when S3_BUCKET is set (ADR 0061); else in
   * DATA_DIR. Without keys the SDK's own chain is used (AWS_* variables, an instance role).
   */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      }
    | undefined;
  /** How long the sandbox "reviews" before its result callback, so the waiting screen is real. */
  kycSandboxDelayMs: number;
  /**
   * GET /metrics (Prometheus): on unless METRICS=false; answered to this machine directly, or to
   * anyone sending METRICS_TOKEN as a bearer token (ADR 0060).
   */
  metrics: { enabled: boolean; token: string | undefined };
  /**
   * OpenTelemetry traces over OTLP/HTTP to this collector (its base URL: spans go to `/v1/traces`)
   * when OTEL_EXPORTER_OTLP_ENDPOINT is set; off otherwise (ADR 0063).
   */
  tracing: { endpoint: string | undefined; serviceName: string };
  logLevel: string;
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** How often the scheduled jobs run (auto-complete, expiry; ADR 0021); 0 = not in this process. */
  jobsIntervalMs: number;
}

export class ConfigError extends Error {
  readonly variables: string[];
  constructor(issues: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.variables = issues.map((i) => i.variable);
  }
}

// Tests that set no AUTH_SECRET share one random secret per process, so every app a test file
// builds (and the keys it derives itself) agree, and nothing is ever a constant (ADR 0030).
let testSecret: string | undefined;
function testProcessSecret(): string {
  testSecret ??= randomBytes(32).toString('hex');
  return testSecret;
}

/**
 * The embedded mode's secret: 32 random bytes made on the first start and kept in DATA_DIR/secret
 * (owner-only), so sessions and sealed data outlive a restart (ADR 0030).
 */
export function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  // Written whole under a temporary name, then linked into place: a crash never leaves half a secret,
  // and of two first starts at once the second finds the first's secret (EEXIST) and uses it.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}

/** 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8: what a TRUST_PROXY list may hold. */
function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((part) => part.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')),
  );
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  // Every node of a shared database must sign and seal with the same secret, so none can make its own.
  if (e.DATABASE_URL && !e.AUTH_SECRET && e.NODE_ENV !== 'test') {
    throw new ConfigError([
      { variable: 'AUTH_SECRET', message: 'is required when DATABASE_URL is set (32+ random characters)' },
    ]);
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError([
      { variable: e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID', message: 'set both or neither' },
    ]);
  }
  const twilioKeys = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID'] as const;
  const twilioMissing = twilioKeys.filter((key) => !e[key]);
  if (twilioMissing.length > 0 && twilioMissing.length < twilioKeys.length) {
    throw new ConfigError(
      twilioMissing.map((variable) => ({ variable, message: 'set all three TWILIO_* keys or none' })),
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError([
      { variable: e.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY', message: 'set both or neither' },
    ]);
  }
  if (Boolean(e.KYCAID_API_TOKEN) !== Boolean(e.KYCAID_FORM_ID)) {
    throw new ConfigError([
      { variable: e.KYCAID_API_TOKEN ? 'KYCAID_FORM_ID' : 'KYCAID_API_TOKEN', message: 'set both or neither' },
    ]);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      { variable: e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', message: 'set both or neither' },
    ]);
  }
  const s3Only = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (key) => e[key] !== undefined,
  );
  if (!e.S3_BUCKET && s3Only.length > 0) {
    throw new ConfigError(s3Only.map((variable) => ({ variable, message: 'needs S3_BUCKET' })));
  }
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // A public site never runs the demo (known passwords, a mailbox) unless asked to (ADR 0029).
  const publicSite = !isLoopbackHost(new URL(baseUrl).hostname);
  let authSecret = e.AUTH_SECRET;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    baseUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    demoMode: e.DEMO_MODE ?? (!e.DATABASE_URL && !publicSite),
    // Read (or made) when first needed, so parsing the environment alone never writes to DATA_DIR.
    get authSecret() {
      authSecret ??= e.NODE_ENV === 'test' ? testProcessSecret() : embeddedSecret(e.DATA_DIR);
      return authSecret;
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: (e.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/+$/, ''),
          }
        : undefined,
    adminEmail: e.ADMIN_EMAIL,
    rateLimit: e.RATE_LIMIT ?? true,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_VERIFY_SERVICE_SID
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            verifyServiceSid: e.TWILIO_VERIFY_SERVICE_SID,
            apiUrl: (e.TWILIO_API_URL ?? 'https://verify.twilio.com').replace(/\/+$/, ''),
          }
        : undefined,
    kycaid:
      e.KYCAID_API_TOKEN && e.KYCAID_FORM_ID
        ? {
            apiToken: e.KYCAID_API_TOKEN,
            formId: e.KYCAID_FORM_ID,
            apiUrl: (e.KYCAID_API_URL ?? 'https://api.kycaid.com').replace(/\/+$/, ''),
          }
        : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { apiBase: e.STRIPE_API_URL.replace(/\/+$/, '') } : {}),
          }
        : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          // A custom endpoint (MinIO, Garage, a local stand-in) rarely has a DNS name per bucket.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    kycSandboxDelayMs: e.KYC_SANDBOX_DELAY_MS,
    metrics: { enabled: e.METRICS ?? true, token: e.METRICS_TOKEN },
    tracing: { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, ''), serviceName: e.OTEL_SERVICE_NAME },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    // Tests drive the jobs themselves with a fake clock; a timer of their own would race them.
    jobsIntervalMs: e.JOBS_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000),
  };
}
