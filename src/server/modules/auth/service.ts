import type { IncomingHttpHeaders } from 'node:http';
import type { Me } from '#shared/auth.ts';
import type { SessionUser } from './session-user.ts';
import type { Sessions } from './sessions.ts';

export type { SessionUser };

/** The signed-in user behind a request's cookies, or null for a visitor or an expired session. */
export function getSessionUser(sessions: Sessions, headers: IncomingHttpHeaders): Promise<SessionUser | null> {
  return sessions.user(headers);
}

export function isAdmin(user: Pick<SessionUser, 'role'>): boolean {
  return user.role.split(',').includes('admin');
}

/** docs/product.md §1: verified = e-mail verified, mobile verified by OTP, identity check approved. */
export function isVerifiedProfile(user: Pick<SessionUser, 'emailVerified' | 'phoneNumberVerified' | 'kycStatus'>) {
  return user.emailVerified && user.phoneNumberVerified && user.kycStatus === 'approved';
}

// A checked session's member is one frozen object shared by the requests it answers (ADR 0038), so
// its view is made once, not on every call of the web app.
const views = new WeakMap<SessionUser, Me>();

export function toMe(user: SessionUser): Me {
  const known = views.get(user);
  if (known) return known;
  const me: Me = Object.freeze({
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    phoneNumber: user.phoneNumber,
    emailVerified: user.emailVerified,
    phoneNumberVerified: user.phoneNumberVerified,
    kycStatus: user.kycStatus,
    verifiedProfile: isVerifiedProfile(user),
    isAdmin: isAdmin(user),
    createdAt: new Date(user.createdAt).toISOString(),
  });
  views.set(user, me);
  return me;
}
