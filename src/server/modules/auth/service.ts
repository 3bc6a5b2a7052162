import type { IncomingHttpHeaders } from 'node:http';
import type { Me } from '#shared/auth.ts';
import { AppError } from '#shared/errors.ts';
import { isVerifiedProfile, maySend, type Settings } from '#shared/settings.ts';
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

export { isVerifiedProfile, maySend } from '#shared/settings.ts';

type Checked = Pick<SessionUser, 'emailVerified' | 'phoneNumberVerified' | 'kycStatus'>;

/**
 * Refuses a member who may not act as a sender under the settings in force (docs/product.md §1.2,
 * ADR 0051): the whole verified profile, or only the e-mail and mobile when the settings relax it.
 */
export function assertMaySend(member: Checked, settings: Pick<Settings, 'sendersNeedVerifiedProfile'>, what: string) {
  if (maySend(member, settings)) return;
  throw settings.sendersNeedVerifiedProfile
    ? new AppError('PROFILE_NOT_VERIFIED', { detail: `unverified member tried to ${what}` })
    : new AppError('CONTACT_NOT_CONFIRMED', { detail: `member without confirmed e-mail and mobile tried to ${what}` });
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
