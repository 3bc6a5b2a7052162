import type { ErrorEntry } from './entry.ts';

/**
 * Failures any endpoint can answer, whatever its domain: the request's shape, the caller's session,
 * the server's own state. A domain failure has its own code in the domain's file.
 */
export const commonErrors = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields are not valid.' },
  MALFORMED_BODY: { status: 400, message: 'The request body could not be read.' },
  INVALID_ADDRESS: { status: 400, message: 'This address is not valid.' },
  UNSTORABLE_TEXT: { status: 400, message: 'Some text holds characters that cannot be stored.' },
  UNAUTHENTICATED: { status: 401, message: 'You are not signed in.' },
  FORBIDDEN: { status: 403, message: 'You may not do this.' },
  ADMIN_ONLY: { status: 403, message: 'Only an administrator may do this.' },
  CROSS_SITE_REQUEST: { status: 403, message: 'This request came from another site.' },
  NOT_FOUND: { status: 404, message: 'No such endpoint.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send this request as application/json.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts; wait a minute and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable; try again in a moment.' },
} as const satisfies Record<string, ErrorEntry>;
