import { type ApiError, type ErrorCode, type ErrorParams, errorCatalog } from '#shared/errors.ts';
import { PHONE_CODE_EXPIRES_MINUTES } from './phone-codes.ts';

// Better Auth answers errors as `{ code, message }` with its own codes; the API speaks one error
// shape and one catalog everywhere, so its answers are translated on the way out. Some of its codes
// mean different things per endpoint (an invalid token on reset-password vs verify-email), so the
// path decides first.

const FIELD_ISSUE = /\[body\.([\w.]+)\]\s*([^;]+)/g;

/** What the answer was to: the path under /api/auth, its status, and the limiter's wait. */
export interface ProviderAnswer {
  path: string;
  status: number;
  /** Seconds, from Better Auth's X-Retry-After header on a rate-limited answer. */
  retryAfter?: string | null | undefined;
}

const everywhere: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  TOO_MANY_SIGN_IN_ATTEMPTS: 'SIGN_IN_LOCKED',
  BANNED_USER: 'ACCOUNT_DISABLED',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  USER_ALREADY_EXISTS: 'ACCOUNT_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'ACCOUNT_EXISTS',
  INVALID_EMAIL: 'INVALID_EMAIL',
  CHANGE_EMAIL_DISABLED: 'CHANGE_EMAIL_DISABLED',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  PASSWORD_TOO_COMMON: 'PASSWORD_TOO_COMMON',
  PASSWORD_COMPROMISED: 'PASSWORD_TOO_COMMON',
  SESSION_NOT_FRESH: 'SESSION_NOT_FRESH',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'LAST_SIGN_IN_METHOD',
  INVALID_PHONE_NUMBER: 'INVALID_PHONE_NUMBER',
  PHONE_NUMBER_EXIST: 'MOBILE_NUMBER_TAKEN',
  INVALID_OTP: 'WRONG_MOBILE_CODE',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_MOBILE_CODE_ATTEMPTS',
  OTP_EXPIRED: 'MOBILE_CODE_EXPIRED',
  // The code's record is gone: used, replaced by a newer one, or removed after too many tries.
  OTP_NOT_FOUND: 'MOBILE_CODE_GONE',
  TOO_MANY_PHONE_CODES: 'MOBILE_RATE_LIMITED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
};

const byPath: Record<string, Record<string, ErrorCode>> = {
  // Unknown user, wrong password and no password at all read the same (no account enumeration).
  '/sign-in/email': {
    USER_NOT_FOUND: 'INVALID_CREDENTIALS',
    INVALID_PASSWORD: 'INVALID_CREDENTIALS',
    CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  },
  '/reset-password': {
    INVALID_TOKEN: 'RESET_LINK_INVALID',
    TOKEN_EXPIRED: 'RESET_LINK_INVALID',
    USER_NOT_FOUND: 'RESET_LINK_INVALID',
  },
  '/verify-email': {
    INVALID_TOKEN: 'VERIFY_LINK_INVALID',
    TOKEN_EXPIRED: 'VERIFY_LINK_INVALID',
    USER_NOT_FOUND: 'VERIFY_LINK_INVALID',
    INVALID_USER: 'VERIFY_LINK_INVALID',
  },
  '/change-password': {
    INVALID_PASSWORD: 'WRONG_CURRENT_PASSWORD',
    CREDENTIAL_ACCOUNT_NOT_FOUND: 'NO_PASSWORD_TO_CHANGE',
  },
  '/change-email': { INVALID_EMAIL: 'INVALID_NEW_EMAIL' },
};

function isPhonePath(path: string): boolean {
  return path.startsWith('/phone-number/');
}

/** A code Better Auth gave no meaning of ours to: read by status, then by endpoint. */
function fallback({ path, status }: ProviderAnswer): ErrorCode {
  if (status === 429) return isPhonePath(path) ? 'MOBILE_RATE_LIMITED' : 'RATE_LIMITED';
  if (status === 401) {
    if (path === '/sign-in/email') return 'INVALID_CREDENTIALS';
    return isPhonePath(path) ? 'MOBILE_SIGNED_OUT' : 'UNAUTHENTICATED';
  }
  if (status >= 500) return 'INTERNAL';
  if (path === '/sign-in/social') return 'GOOGLE_SIGN_IN_FAILED';
  return 'ACCOUNT_REQUEST_FAILED';
}

function catalogCode(code: string | undefined, answer: ProviderAnswer): ErrorCode {
  const known = (code && (byPath[answer.path]?.[code] ?? everywhere[code])) || fallback(answer);
  if (known === 'UNAUTHENTICATED' && isPhonePath(answer.path)) return 'MOBILE_SIGNED_OUT';
  if (known === 'RATE_LIMITED' && isPhonePath(answer.path)) return 'MOBILE_RATE_LIMITED';
  return known;
}

function paramsOf(code: ErrorCode, answer: ProviderAnswer): ErrorParams | undefined {
  const seconds = Number(answer.retryAfter);
  if (code === 'MOBILE_RATE_LIMITED' && seconds > 0) return { retryAfterSeconds: Math.ceil(seconds) };
  if (code === 'MOBILE_CODE_EXPIRED') return { minutes: PHONE_CODE_EXPIRES_MINUTES };
  return undefined;
}

export function translateProviderError(body: unknown, requestId: string, answer: ProviderAnswer): ApiError | null {
  if (!body || typeof body !== 'object' || 'error' in body) return null;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return null;
  if (code === 'VALIDATION_ERROR') {
    const fields: Record<string, string[]> = {};
    for (const [, field, issue] of message.matchAll(FIELD_ISSUE)) {
      if (!field || !issue) continue;
      const list = fields[field] ?? [];
      list.push(issue.trim());
      fields[field] = list;
    }
    return { error: { code: 'VALIDATION_FAILED', message: errorCatalog.VALIDATION_FAILED.message, fields, requestId } };
  }
  const ours = catalogCode(typeof code === 'string' ? code : undefined, answer);
  const params = paramsOf(ours, answer);
  return { error: { code: ours, message: errorCatalog[ours].message, ...(params ? { params } : {}), requestId } };
}
