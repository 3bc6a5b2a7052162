import type { ErrorWords } from '../types.ts';

export const profilesWords = {
  PROFILE_NOT_VERIFIED: 'Verify your profile (e-mail, mobile number and identity check) first.',
  CONTACT_NOT_CONFIRMED: 'Confirm your e-mail address and mobile number first.',
  MEMBER_NOT_FOUND: "This member doesn't exist, or has deleted their account.",
  AVATAR_NOT_FOUND: 'This photo no longer exists.',
} as const satisfies Record<string, ErrorWords>;
