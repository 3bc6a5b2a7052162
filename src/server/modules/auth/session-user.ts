import { kycStatuses, type Me } from '#shared/auth.ts';

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

/** Better Auth's user row as our code reads it; shared by the requests of a cached session, so frozen. */
export function toSessionUser(raw: unknown): SessionUser {
  const u = raw as SessionUser;
  return Object.freeze({
    ...u,
    image: u.image ?? null,
    phoneNumber: u.phoneNumber ?? null,
    phoneNumberVerified: Boolean(u.phoneNumberVerified),
    kycStatus: kycStatuses.includes(u.kycStatus) ? u.kycStatus : 'not_started',
    role: u.role ?? 'user',
    banned: Boolean(u.banned),
  });
}
