import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import type { Config } from '#server/config.ts';

/** The provider id: in `/api/auth/callback/google`, the account rows and the web app's requests. */
export const GOOGLE_PROVIDER_ID = 'google';

function nameOf(profile: GenericOAuthUserInfo): string {
  const given = typeof profile.given_name === 'string' ? profile.given_name : '';
  const family = typeof profile.family_name === 'string' ? profile.family_name : '';
  return (
    profile.name?.trim() || `${given} ${family}`.trim() || (profile.email ?? '').split('@')[0] || 'Tagalong member'
  );
}

/**
 * "Continue with Google" as a plain OpenID Connect client of `google.issuer` (ADR 0014): Google's
 * endpoints and keys come from its discovery document, so a local provider can stand in for it.
 */
export function googleOidc(google: NonNullable<Config['google']>): GenericOAuthConfig {
  return {
    providerId: GOOGLE_PROVIDER_ID,
    name: 'Google',
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    discoveryUrl: `${google.issuer}/.well-known/openid-configuration`,
    // Who signs in is read from the ID token, so it must be checked against the issuer's keys; without
    // them (discovery failed) the provider stays off rather than trusting an unchecked token.
    requireIdTokenVerification: true,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    // Same rule as a password account: no session until the address is confirmed. Google confirms
    // nearly every address; for one it has not, we send our own link.
    requireEmailVerification: true,
    mapProfileToUser: (profile) => ({
      name: nameOf(profile),
      email: profile.email ?? undefined,
      emailVerified: profile.email_verified === true,
      // Not the Google photo: it would make every viewer's browser call Google, and our CSP's img-src
      // refuses it anyway. The avatar is the one uploaded here (ADR 0013).
      image: undefined,
    }),
  };
}
