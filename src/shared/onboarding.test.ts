import { describe, expect, it } from 'vitest';
import { IDENTITY_CHECK_STEP, nextOnboardingStep, withRedirect } from './onboarding.ts';

// The onboarding steps in order, and the redirect carried through them.

type Checks = Parameters<typeof nextOnboardingStep>[0];
const me = (over: Partial<Checks> = {}): Checks => ({
  emailVerified: true,
  phoneNumberVerified: true,
  kycStatus: 'not_started',
  verifiedProfile: false,
  ...over,
});

describe('nextOnboardingStep', () => {
  it('goes e-mail, mobile number, then the identity check itself, and nowhere once verified', () => {
    expect(nextOnboardingStep(me({ emailVerified: false, phoneNumberVerified: false }))).toBe('/auth/register');
    expect(nextOnboardingStep(me({ phoneNumberVerified: false }))).toBe('/auth/add-mobile-number');
    expect(nextOnboardingStep(me())).toBe('/user/profile/my-profile#identity-check');
    expect(nextOnboardingStep(me({ kycStatus: 'approved', verifiedProfile: true }))).toBeNull();
  });
});

describe('withRedirect', () => {
  it('puts the target in the query, before a fragment', () => {
    expect(withRedirect('/auth/add-mobile-number', '/user/packages/my-packages')).toBe(
      '/auth/add-mobile-number?redirect=%2Fuser%2Fpackages%2Fmy-packages',
    );
    expect(withRedirect(IDENTITY_CHECK_STEP, '/user/packages/my-packages')).toBe(
      '/user/profile/my-profile?redirect=%2Fuser%2Fpackages%2Fmy-packages#identity-check',
    );
    expect(withRedirect('/a?b=1', '/c')).toBe('/a?b=1&redirect=%2Fc');
    expect(withRedirect('/a', null)).toBe('/a');
  });
});
