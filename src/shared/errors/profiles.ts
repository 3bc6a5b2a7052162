import type { ErrorEntry } from './entry.ts';

export const profilesErrors = {
  PROFILE_NOT_VERIFIED: {
    status: 403,
    message: 'Verify your profile (e-mail, mobile number and identity check) first.',
  },
  /** Senders' rule relaxed by the settings: contact details still have to be confirmed. */
  CONTACT_NOT_CONFIRMED: { status: 403, message: 'Confirm your e-mail address and mobile number first.' },
  MEMBER_NOT_FOUND: { status: 404, message: 'There is no member with this id.' },
  AVATAR_NOT_FOUND: { status: 404, message: 'There is no such avatar.' },
} as const satisfies Record<string, ErrorEntry>;
