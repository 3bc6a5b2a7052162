import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { kycStatuses, type Me } from '#shared/auth.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  kycStatus: Me['kycStatus'];
  role: string;
  banned: boolean;
  createdAt: Date;
}

/** The signed-in user behind a request's cookies, or null for a visitor or an expired session. */
export async function getSessionUser(auth: Auth, headers: IncomingHttpHeaders): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!result) return null;
  const u = result.user as unknown as SessionUser;
  return {
    ...u,
    image: u.image ?? null,
    phoneNumber: u.phoneNumber ?? null,
    phoneNumberVerified: Boolean(u.phoneNumberVerified),
    kycStatus: kycStatuses.includes(u.kycStatus) ? u.kycStatus : 'not_started',
    role: u.role ?? 'user',
    banned: Boolean(u.banned),
  };
}

export function isAdmin(user: Pick<SessionUser, 'role'>): boolean {
  return user.role.split(',').includes('admin');
}

/** docs/product.md §1: verified = e-mail verified, mobile verified by OTP, identity check approved. */
export function isVerifiedProfile(user: Pick<SessionUser, 'emailVerified' | 'phoneNumberVerified' | 'kycStatus'>) {
  return user.emailVerified && user.phoneNumberVerified && user.kycStatus === 'approved';
}

export function toMe(user: SessionUser): Me {
  return {
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
  };
}
