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
  return IDENTITY_CHECK_STEP;
}

/** The identity check's card on the profile, which the profile page scrolls to. */
export const IDENTITY_CHECK_STEP = '/user/profile/my-profile#identity-check';

/** `path` with `?redirect=`, before any `#fragment` (a query after it would be part of the fragment). */
export function withRedirect(path: string, redirect: string | null): string {
  if (!redirect) return path;
  const hashAt = path.indexOf('#');
  const [base, hash] = hashAt === -1 ? [path, ''] : [path.slice(0, hashAt), path.slice(hashAt)];
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}redirect=${encodeURIComponent(redirect)}${hash}`;
}
