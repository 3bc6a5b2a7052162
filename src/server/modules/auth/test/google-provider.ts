import { Events, OAuth2Server } from 'oauth2-mock-server';

/** Who is signed in to the stand-in Google: the claims its ID tokens (and userinfo) carry. */
export interface GooglePerson {
  /** Google's id for the person: what the account row keeps. */
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  /** Any other claim to put in the ID token (e.g. a wrong `aud`, to see it refused). */
  [claim: string]: unknown;
}

export interface LocalGoogle {
  /** GOOGLE_ISSUER for this provider (http://127.0.0.1:port). */
  issuer: string;
  /** config.google for an app that signs in through it. */
  config: { clientId: string; clientSecret: string; issuer: string };
  /** From now on the provider says this person is signed in (it approves every request at once). */
  signInAs(person: GooglePerson): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider on 127.0.0.1 standing in for Google (oauth2-mock-server):
 * discovery, /authorize (redirects straight back with a code), PKCE, /token with an RS256 ID token
 * that echoes our nonce, /jwks and /userinfo. Start it before the app: the app reads discovery at start.
 */
export async function startLocalGoogle(): Promise<LocalGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let person: GooglePerson = { sub: 'nobody', email: 'nobody@gmail.test', email_verified: true };
  server.service.on(Events.BeforeTokenSigning, (token) => Object.assign(token.payload, person));
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { ...person };
  });
  const issuer = server.issuer.url as string;
  return {
    issuer,
    config: { clientId: 'tagalong-test-client', clientSecret: 'tagalong-test-secret', issuer },
    signInAs(next) {
      person = next;
    },
    stop: () => server.stop(),
  };
}
