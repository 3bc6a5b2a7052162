import { z } from 'zod';

// Error codes are defined once here; the server maps them to HTTP statuses in one place
// (server/plugins/errors.ts) and the web app to the user's words in one table (web/lib/error-messages.ts).
export const errorCodes = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  /** A payment provider refused or did not finish a transfer we asked for (a payout to a Stripe account). */
  'TRANSFER_FAILED',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  TRANSFER_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
};

/** The one shape of every API error: `{ error: { code, message, fields? } }`. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.array(z.string())).optional(),
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Thrown by services; carries a code from the table above. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string[]> | undefined;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}
