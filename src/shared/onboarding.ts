import type { Me } from './auth.ts';

/**
 * Where an unverified user goes next (docs/product.md §1: register → verify email → add mobile number
 * (OTP) → identity check → verified), carrying the page they were after so the last step can
 * send them on. Null when the profile is verified.
 */
export function nextOnboardingStep(
  me: Pick<Me, 'emailVerified' | 'phoneNumberVerified' | 'kycStatus' | 'verifiedProfile'>,
): string | null {
  if (me.verifiedProfile) return null;
  if (!me.emailVerified) return '/auth/register';
  if (!me.phoneNumberVerified) return '/auth/add-mobile-number';
  return '/user/profile/my-profile';
}

export function withRedirect(path: string, redirect: string | null): string {
  if (!redirect) return path;
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}redirect=${encodeURIComponent(redirect)}`;
}
