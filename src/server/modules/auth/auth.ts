import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { admin, genericOAuth, phoneNumber } from 'better-auth/plugins';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { account, rateLimit, session, user, verification } from '#server/db/schema/auth.ts';
import { CLIENT_IP_HEADER } from '#server/plugins/client-ip.ts';
import type { Mailer } from '#server/providers/mail/mailer.ts';
import type { PhoneCodeSender } from '#server/providers/sms/sms.ts';
import { isCommonPassword } from '#shared/common-passwords.ts';
import { passwordRuleMessages } from '#shared/password-rules.ts';
import { normalizePhoneNumber } from '#shared/phone.ts';
import {
  type AttemptCount,
  attemptsSoFar,
  countAttempt,
  PHONE_CODES_PER_ACCOUNT,
  PHONE_CODES_PER_NUMBER,
  SIGN_IN_FAILURES,
  waitText,
} from './attempt-limits.ts';
import { existingAccountEmail, resetPasswordEmail, verificationEmail } from './emails.ts';
import { googleOidc } from './google.ts';
import { checkAuthInput, validationMessage } from './input-rules.ts';
import { PHONE_CODE_EXPIRES_MINUTES } from './phone-codes.ts';
import { forgetResetLinks } from './reset-links.ts';
import type { SessionChanges } from './session-changes.ts';

const PASSWORD_CHOICE_PATHS = new Set(['/reset-password', '/change-password', '/set-password']);

/**
 * Admin plugin endpoints our own code calls; none. Administrators act through our own routes,
 * which check and audit what they do (docs/decisions/0034-our-rules-on-better-auth-endpoints.md).
 * The plugin stays for the role and ban columns and for refusing a banned member's sign-in.
 */
const ADMIN_ENDPOINTS_WE_USE = new Set<string>();

/** What the admin and phone-number plugins and our database give a new account (see the sign-up test). */
const NEW_ACCOUNT_DEFAULTS = {
  role: 'user',
  banned: false,
  banReason: null,
  banExpires: null,
  phoneNumber: null,
  phoneNumberVerified: false,
};

export interface AuthDeps {
  mailer: Mailer;
  sms: PhoneCodeSender;
  /** Told of every change Better Auth writes to a member or a session, so cached sessions go (ADR 0038). */
  sessionChanges?: Pick<SessionChanges, 'publish'>;
}

/** The identity provider is this server (ADR 0006): Better Auth on our own database. */
export function createAuth(config: Config, db: Database, deps: AuthDeps) {
  const adminPlugin = admin();
  const unusedAdminPaths = Object.values(adminPlugin.endpoints)
    .map((endpoint) => endpoint.path)
    .filter((path) => !ADMIN_ENDPOINTS_WE_USE.has(path));
  return betterAuth({
    appName: 'Tagalong',
    baseURL: config.baseUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // The configured site, and the origin the request itself was addressed to: a page served by
    // this server posting back to it is same-origin (a cross-site page cannot forge Host and Origin
    // together), which matters when BASE_URL does not name every address the server answers on.
    trustedOrigins: (request) => [config.baseUrl, request ? new URL(request.url).origin : undefined],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    advanced: {
      database: { generateId: 'uuid' },
      useSecureCookies: config.baseUrl.startsWith('https://'),
      // The address Fastify resolved, never a header the client wrote (plugins/client-ip.ts, ADR 0031).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    user: {
      // Moved only by the identity check (KYC issue) and admins; never by the user's own input.
      additionalFields: { kycStatus: { type: 'string', required: false, input: false, defaultValue: 'not_started' } },
      // The new address gets a verification link; it changes only once that link is opened.
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A sign-up for a taken address answers like any other (no enumeration); the owner hears of it.
      onExistingUserSignUp: async ({ user: u }) => {
        await deps.mailer.send(existingAccountEmail(u.email, u.name, config.baseUrl));
      },
      // The made-up user in that answer carries what a new account starts with; Better Auth knows
      // only its core fields, and a `role: null` beside a new account's "user" would tell them apart.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...NEW_ACCOUNT_DEFAULTS,
        ...additionalFields,
        id,
      }),
      sendResetPassword: async ({ user: u, url }) => {
        await deps.mailer.send(resetPasswordEmail(u.email, u.name, url));
      },
      // Only the link used is consumed; the older ones would still open the account.
      onPasswordReset: async ({ user: u }) => {
        await forgetResetLinks(db, u.id);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user: u, url }) => {
        await deps.mailer.send(verificationEmail(u.email, u.name, url));
      },
    },
    account: {
      // A Google sign-in joins an existing account only when both sides vouch for the address: Google
      // says it verified it, and the account here confirmed it (Better Auth's rule, always on). Google
      // is deliberately not a "trusted provider", which would skip the first check (ADR 0014).
      accountLinking: { enabled: true },
      // We never call Google with them, but the tokens are stored; keep them unreadable in a dump.
      encryptOAuthTokens: true,
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 5 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 3 },
        '/send-verification-email': { window: 60, max: 3 },
        '/phone-number/send-otp': { window: 60, max: 1 },
        '/phone-number/verify': { window: 60, max: 10 },
      },
    },
    plugins: [
      adminPlugin,
      // "Continue with Google" is an OpenID Connect client of the configured issuer (ADR 0014).
      genericOAuth({ config: config.google ? [googleOidc(config.google)] : [] }),
      phoneNumber({
        // E.164 only, as the web app sends it: one spelling per number keeps the unique index honest.
        phoneNumberValidator: (n) => normalizePhoneNumber(n) === n,
        otpLength: 6,
        expiresIn: PHONE_CODE_EXPIRES_MINUTES * 60,
        allowedAttempts: 5,
        sendOTP: ({ phoneNumber: to, code }) => deps.sms.sendCode(to, code),
        // A provider that makes its own codes (Twilio Verify) also checks them.
        ...(deps.sms.checkCode
          ? { verifyOTP: ({ phoneNumber: to, code }) => deps.sms.checkCode?.(to, code) ?? false }
          : {}),
      }),
    ],
    // Phone numbers are an onboarding step of a signed-in account, never a way to sign in or reset a password.
    disabledPaths: [
      '/sign-in/phone-number',
      '/phone-number/request-password-reset',
      '/phone-number/reset-password',
      ...unusedAdminPaths,
    ],
    // Ban, role, verification, e-mail change, sign-out, revocation, password reset: each writes one
    // of these rows through Better Auth, so no cached session outlives it on any node.
    databaseHooks: {
      user: {
        update: { after: async (u) => deps.sessionChanges?.publish({ userId: u.id }) },
        delete: { after: async (u) => deps.sessionChanges?.publish({ userId: u.id }) },
      },
      session: {
        delete: { after: async (s) => deps.sessionChanges?.publish({ token: s.token }) },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Our rules for names and text before Better Auth's own: the same as on our profile routes.
        const input = checkAuthInput(ctx.path, ctx.body, ctx.query);
        if (!input.ok) {
          throw new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message: validationMessage(input.fields) });
        }
        // What Better Auth stores is what our schema made of it (a trimmed name).
        const normalised = input.body ? { context: { body: input.body } } : undefined;
        const body = ctx.body as
          | {
              email?: unknown;
              password?: unknown;
              newPassword?: unknown;
              phoneNumber?: unknown;
              updatePhoneNumber?: unknown;
            }
          | undefined;
        // The common-password rule wherever a password is chosen; the web form checks first.
        const chosen =
          ctx.path === '/sign-up/email'
            ? body?.password
            : PASSWORD_CHOICE_PATHS.has(ctx.path)
              ? body?.newPassword
              : undefined;
        if (typeof chosen === 'string' && isCommonPassword(chosen)) {
          throw APIError.from('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: passwordRuleMessages.tooCommon });
        }
        // Locked out after too many wrong passwords, from wherever they came: even the right one waits.
        if (config.rateLimit && ctx.path === '/sign-in/email' && typeof body?.email === 'string') {
          const failures = await attemptsSoFar(db, SIGN_IN_FAILURES, body.email);
          if (failures.count >= SIGN_IN_FAILURES.max) throw tooManySignIns(failures);
        }
        if (ctx.path !== '/phone-number/send-otp' && ctx.path !== '/phone-number/verify') return normalised;
        const session = await getSessionFromCtx(ctx);
        // Otherwise anyone could make us text any number.
        if (!session) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHENTICATED', message: 'Sign in first.' });
        if (config.rateLimit && ctx.path === '/phone-number/send-otp') {
          const to = typeof body?.phoneNumber === 'string' ? body.phoneNumber : '';
          // Both counted, so neither many accounts at one number nor one account at many numbers gets far.
          const [byNumber, byAccount] = await Promise.all([
            countAttempt(db, PHONE_CODES_PER_NUMBER, to),
            countAttempt(db, PHONE_CODES_PER_ACCOUNT, session.user.id),
          ]);
          const over = [
            ...(byNumber.count > PHONE_CODES_PER_NUMBER.max ? [byNumber] : []),
            ...(byAccount.count > PHONE_CODES_PER_ACCOUNT.max ? [byAccount] : []),
          ];
          if (over.length > 0) throw tooManyCodes(over);
        }
        if (ctx.path === '/phone-number/verify' && body?.updatePhoneNumber !== true) {
          throw new APIError('BAD_REQUEST', {
            code: 'VALIDATION_ERROR',
            message: '[body.updatePhoneNumber] must be true',
          });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A password chosen while signed in ends the reset links too (a reset itself: onPasswordReset).
        if (ctx.path === '/change-password' || ctx.path === '/set-password') {
          if (isAPIError(ctx.context.returned)) return;
          const userId = ctx.context.session?.user.id ?? ctx.context.newSession?.user.id;
          if (userId) await forgetResetLinks(db, userId);
          return;
        }
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (!config.rateLimit || ctx.path !== '/sign-in/email' || typeof email !== 'string') return;
        const returned = ctx.context.returned;
        // A wrong password (or no such account: the same answer, and counted the same) is a failure;
        // a right password on an unverified address is not.
        if (isAPIError(returned) && returned.statusCode === 401) await countAttempt(db, SIGN_IN_FAILURES, email);
      }),
    },
    // Its own console logging; our request logs already say what failed.
    logger: { disabled: config.logLevel === 'silent' },
    telemetry: { enabled: false },
  });
}

function tooManySignIns(failures: AttemptCount): APIError {
  return new APIError('TOO_MANY_REQUESTS', {
    code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
    message: `Too many wrong passwords for this account. Try again ${waitText(failures.resetAt)}, or reset your password.`,
  });
}

function tooManyCodes(counts: AttemptCount[]): APIError {
  const resetAt = new Date(Math.max(...counts.map((c) => c.resetAt.getTime())));
  return new APIError('TOO_MANY_REQUESTS', {
    code: 'TOO_MANY_PHONE_CODES',
    message: `Too many codes sent. Try again ${waitText(resetAt)}.`,
  });
}

export type Auth = ReturnType<typeof createAuth>;
