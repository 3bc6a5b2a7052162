import { z } from 'zod';
import { accountErrors } from './errors/account.ts';
import { chatErrors } from './errors/chat.ts';
import { commonErrors } from './errors/common.ts';
import type { ErrorEntry } from './errors/entry.ts';
import { kycErrors } from './errors/kyc.ts';
import { lifecycleErrors } from './errors/lifecycle.ts';
import { matchingErrors } from './errors/matching.ts';
import { membersErrors } from './errors/members.ts';
import { notificationsErrors } from './errors/notifications.ts';
import { packagesErrors } from './errors/packages.ts';
import { paymentsErrors } from './errors/payments.ts';
import { payoutsErrors } from './errors/payouts.ts';
import { profilesErrors } from './errors/profiles.ts';
import { requestsErrors } from './errors/requests.ts';
import { reviewsErrors } from './errors/reviews.ts';
import { routeAlertsErrors } from './errors/route-alerts.ts';
import { supportErrors } from './errors/support.ts';
import { travelPlansErrors } from './errors/travel-plans.ts';

export type { ErrorEntry } from './errors/entry.ts';

/**
 * Every failure the API answers, by code (docs/decisions/0040-domain-error-catalog.md). The server
 * throws `AppError(code, …)` and the status comes from here; the web app words each code in one
 * table (src/web/lib/errors/words.ts), which must cover every code.
 */
export const errorCatalog = {
  ...commonErrors,
  ...accountErrors,
  ...profilesErrors,
  ...kycErrors,
  ...packagesErrors,
  ...requestsErrors,
  ...matchingErrors,
  ...travelPlansErrors,
  ...lifecycleErrors,
  ...paymentsErrors,
  ...payoutsErrors,
  ...reviewsErrors,
  ...chatErrors,
  ...notificationsErrors,
  ...membersErrors,
  ...supportErrors,
  ...routeAlertsErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalog, value);
}

export function errorStatusOf(code: ErrorCode): number {
  return errorCatalog[code].status;
}

/** Values a code's words may name ("only 3 left", "until 14:05"); never free text from the server. */
export type ErrorParams = Record<string, string | number>;

/**
 * The one shape of every API error. `message` is the catalog's English sentence for API clients;
 * the web app shows its own words for `code` instead. `fields` are the shared contract's messages
 * for each invalid field.
 */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

export interface AppErrorOptions {
  /** Per-field messages, for a form to place beside its fields. */
  fields?: Record<string, string[]> | undefined;
  /** Values the member's words name; sent to the client. */
  params?: ErrorParams | undefined;
  /** What happened, for logs and tests; never sent to the client. */
  detail?: string | undefined;
}

/** Thrown by services with a catalog code; the errors plugin turns it into the one error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  readonly params: ErrorParams | undefined;
  readonly detail: string | undefined;
  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.detail ?? errorCatalog[code].message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.params = options.params;
    this.detail = options.detail;
  }

  get status(): number {
    return errorCatalog[this.code].status;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}
