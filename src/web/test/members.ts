import type { Me } from '#shared/auth.ts';

// The signed-in member of component tests, as GET /api/auth/session answers it: a newcomer who has
// confirmed the e-mail only, unless told otherwise.

export function member(overrides: Partial<Me> = {}): Me {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Nora Newcomer',
    email: 'nora@example.test',
    image: null,
    phoneNumber: null,
    emailVerified: true,
    phoneNumberVerified: false,
    kycStatus: 'not_started',
    verifiedProfile: false,
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A member with the whole verified profile: e-mail, mobile and identity check. */
export const verifiedMember = (overrides: Partial<Me> = {}) =>
  member({
    phoneNumber: '+12025550177',
    phoneNumberVerified: true,
    kycStatus: 'approved',
    verifiedProfile: true,
    ...overrides,
  });
