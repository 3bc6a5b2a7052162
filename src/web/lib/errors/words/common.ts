import type { ErrorWords } from '../types.ts';

export const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';
export const TRY_AGAIN_LATER = 'Something went wrong on our side. Please try again in a moment.';

export const commonWords = {
  VALIDATION_FAILED: "Some details aren't valid. Check them and try again.",
  MALFORMED_BODY: "Some details aren't valid. Check them and try again.",
  INVALID_ADDRESS: 'This address is not valid.',
  UNSTORABLE_TEXT: 'Some text holds characters that cannot be stored. Remove them and try again.',
  UNAUTHENTICATED: SESSION_ENDED,
  FORBIDDEN: "You can't do this.",
  ADMIN_ONLY: 'Only an administrator can do this.',
  CROSS_SITE_REQUEST: 'This request came from another site. Reload Tagalong and try again.',
  NOT_FOUND: 'This no longer exists. Reload the page to see things as they are now.',
  PAYLOAD_TOO_LARGE: 'This is too large to send.',
  UNSUPPORTED_MEDIA_TYPE: TRY_AGAIN_LATER,
  RATE_LIMITED: 'Too many attempts. Wait a minute and try again.',
  INTERNAL: TRY_AGAIN_LATER,
  SERVICE_UNAVAILABLE: 'Tagalong is busy right now. Please try again in a moment.',
} as const satisfies Record<string, ErrorWords>;
