import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Me } from '#shared/auth.ts';
import type { Auth } from './auth.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  emailVerified: boolean;
  role: string;
  createdAt: Date;
}

/** The signed-in user behind a request's cookies, or null for a visitor or an expired session. */
export async function getSessionUser(auth: Auth, headers: IncomingHttpHeaders): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  if (!result) return null;
  const u = result.user as unknown as SessionUser;
  return { ...u, image: u.image ?? null, role: u.role ?? 'user' };
}

export function isAdmin(user: Pick<SessionUser, 'role'>): boolean {
  return user.role.split(',').includes('admin');
}

// Phone and KYC arrive with their own issues; until then no profile can be verified, which is the
// safe answer (PRODUCT.md §1 requires all three checks).
export function toMe(user: SessionUser): Me {
  const phoneNumberVerified = false;
  const kycStatus = 'not_started' as const;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    phoneNumber: null,
    emailVerified: user.emailVerified,
    phoneNumberVerified,
    kycStatus,
    verifiedProfile: user.emailVerified && phoneNumberVerified && kycStatus === ('approved' as string),
    isAdmin: isAdmin(user),
    createdAt: user.createdAt.toISOString(),
  };
}
