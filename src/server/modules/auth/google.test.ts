import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { account, user } from '#server/db/schema/auth.ts';
import { createTestApp } from '#server/test/app.ts';
import { latestMailLink, signUpVerified, TEST_PASSWORD } from '#server/test/users.ts';
import { type GooglePerson, type LocalGoogle, startLocalGoogle } from './test/google-provider.ts';

// "Continue with Google" end to end against a local OpenID Connect provider (oauth2-mock-server) set
// up as the issuer: discovery, the authorization redirect, PKCE, the code exchange, an RS256 ID token
// checked against the provider's JWKS and our nonce, and the callback. The provider approves at once;
// `person` is whoever is signed in to it at the moment. Requests go through app.inject; only the
// provider's redirect is a real HTTP request.

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** Cookie headers joined, later ones winning (as a browser keeps the newest value of a name). */
function mergeCookies(...headers: (string | undefined)[]): string {
  const jar = new Map<string, string>();
  for (const header of headers) {
    for (const pair of header?.split('; ') ?? []) {
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

let google: LocalGoogle;
let person: GooglePerson;
let app: FastifyInstance;

beforeAll(async () => {
  google = await startLocalGoogle();
  app = await createTestApp({ google: google.config });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await google?.stop();
});

let n = 0;
beforeEach(() => {
  n += 1;
  // Tests change claims on this very object (an unverified address, a wrong audience).
  person = { sub: `google-${n}`, email: `person${n}@gmail.test`, email_verified: true, name: `Person ${n}` };
  google.signInAs(person);
});

interface Outcome {
  /** Where the callback sent the browser. */
  location: string;
  /** The browser's cookies afterwards (a session cookie when signed in). */
  cookie: string;
}

/**
 * What the browser does: ask to start (sign-in, or link when `cookie` holds a session), go to the
 * provider (which redirects straight back with a code), and open the callback with its cookies.
 */
async function throughGoogle(
  kind: 'sign-in' | 'link',
  options: { cookie?: string; callbackURL?: string; errorCallbackURL?: string; loginHint?: string } = {},
): Promise<Outcome> {
  const start = await app.inject({
    method: 'POST',
    url: kind === 'sign-in' ? '/api/auth/sign-in/social' : '/api/auth/link-social',
    headers: options.cookie ? { cookie: options.cookie } : {},
    payload: {
      provider: 'google',
      callbackURL: options.callbackURL ?? '/dashboard',
      errorCallbackURL: options.errorCallbackURL ?? '/auth/login?via=google',
      ...(options.loginHint ? { loginHint: options.loginHint } : {}),
    },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url } = start.json() as { url: string };
  expect(url.startsWith(`${google.issuer}/authorize?`)).toBe(true);
  expect(new URL(url).searchParams.get('login_hint')).toBe(options.loginHint ?? null);

  const atProvider = await fetch(url, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location') ?? '');
  expect(back.pathname).toBe('/api/auth/callback/google');

  const cookie = mergeCookies(options.cookie, cookieOf(start));
  const done = await app.inject({ url: back.pathname + back.search, headers: { cookie } });
  expect(done.statusCode).toBe(302);
  return { location: String(done.headers.location), cookie: mergeCookies(cookie, cookieOf(done)) };
}

async function me(cookie: string) {
  const res = await app.inject({ url: '/api/auth/me', headers: { cookie } });
  return {
    status: res.statusCode,
    body: res.json() as { id: string; email: string; emailVerified: boolean; name: string },
  };
}

async function googleAccountsOf(userId: string) {
  return app.database.db
    .select()
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'google')));
}

describe('Google sign-in through a local OpenID Connect provider', () => {
  it('creates a verified account on the first sign-in and lands on the callback URL', async () => {
    const first = await throughGoogle('sign-in');
    expect(first.location).toBe('/dashboard');
    const signedIn = await me(first.cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email: person.email, emailVerified: true, name: person.name });
    const [row] = await googleAccountsOf(signedIn.body.id);
    expect(row?.accountId).toBe(person.sub);
    // Stored encrypted: not the provider's JWT as it was issued.
    expect(row?.accessToken?.split('.')).not.toHaveLength(3);
  });

  it('reuses the same account on a second sign-in', async () => {
    const first = await me((await throughGoogle('sign-in')).cookie);
    const second = await me((await throughGoogle('sign-in')).cookie);
    expect(second.body.id).toBe(first.body.id);
    expect(await googleAccountsOf(first.body.id)).toHaveLength(1);
    expect(await app.database.db.select().from(user).where(eq(user.email, person.email))).toHaveLength(1);
  });

  it('signs in to the existing verified account with the same e-mail, and the password keeps working', async () => {
    const existing = await signUpVerified(app, person.email, 'Already Here');
    const viaGoogle = await me((await throughGoogle('sign-in')).cookie);
    expect(viaGoogle.body).toMatchObject({ id: existing.id, name: 'Already Here' });
    expect(await googleAccountsOf(existing.id)).toHaveLength(1);
    const withPassword = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: person.email, password: TEST_PASSWORD },
    });
    expect(withPassword.statusCode).toBe(200);
  });

  it('does not join an account whose e-mail was never confirmed here (a squatted address)', async () => {
    const squat = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Squatter', email: person.email, password: TEST_PASSWORD },
    });
    expect(squat.statusCode).toBe(200);
    const attempt = await throughGoogle('sign-in');
    expect(new URL(attempt.location, 'http://x').searchParams.get('error')).toBe('account_not_linked');
    expect(attempt.location.startsWith('/auth/login?via=google&')).toBe(true);
    expect((await me(attempt.cookie)).status).toBe(401);
    const [squatter] = await app.database.db.select().from(user).where(eq(user.email, person.email));
    expect(await googleAccountsOf(squatter?.id ?? '')).toHaveLength(0);
  });

  it('gives no session for an address Google has not verified, and sends our confirmation link', async () => {
    person.email_verified = false;
    const attempt = await throughGoogle('sign-in');
    expect(new URL(attempt.location, 'http://x').searchParams.get('error')).toBe('email_not_verified');
    expect((await me(attempt.cookie)).status).toBe(401);
    const link = new URL(await latestMailLink(app.database.db, person.email, /https?:\/\/\S+verify-email\S+/));
    const confirmed = await app.inject({ url: link.pathname + link.search });
    expect((await me(cookieOf(confirmed))).body).toMatchObject({ email: person.email, emailVerified: true });
  });

  it('refuses an ID token that was not issued to this client', async () => {
    person.aud = 'someone-elses-client';
    const attempt = await throughGoogle('sign-in');
    expect(new URL(attempt.location, 'http://x').searchParams.get('error')).toBe('unable_to_get_user_info');
    expect((await me(attempt.cookie)).status).toBe(401);
  });

  it('refuses a callback that did not start in this browser (no state cookie)', async () => {
    const start = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/auth/login?via=google' },
    });
    const back = new URL(
      (await fetch((start.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location') ?? '',
    );
    const done = await app.inject({ url: back.pathname + back.search });
    expect(done.statusCode).toBe(302);
    expect(String(done.headers.location)).toContain('error=');
    expect(done.cookies.some((c) => c.name.endsWith('session_token') && c.value)).toBe(false);
  });
});

describe('linking Google to a signed-in account (/auth/connect-with-google)', () => {
  const linkTo = { callbackURL: '/auth/connect-with-google?linked=1', errorCallbackURL: '/auth/connect-with-google' };

  it('links, lists, signs in with it, and unlinks while a password remains', async () => {
    const member = await signUpVerified(app, person.email, 'Member');
    const linked = await throughGoogle('link', { cookie: member.cookie, loginHint: person.email, ...linkTo });
    expect(linked.location).toBe('/auth/connect-with-google?linked=1');

    const list = await app.inject({ url: '/api/auth/list-accounts', headers: { cookie: member.cookie } });
    const accounts = list.json() as { id: string; providerId: string; accountId: string }[];
    expect(accounts.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);

    expect((await me((await throughGoogle('sign-in')).cookie)).body.id).toBe(member.id);

    const google = accounts.find((a) => a.providerId === 'google');
    const unlink = await app.inject({
      method: 'POST',
      url: '/api/auth/unlink-account',
      headers: { cookie: member.cookie },
      payload: { accountId: google?.id },
    });
    expect(unlink.statusCode).toBe(200);
    expect(await googleAccountsOf(member.id)).toHaveLength(0);
  });

  it('will not unlink the only way to sign in', async () => {
    const onlyGoogle = await throughGoogle('sign-in');
    const accounts = (
      await app.inject({ url: '/api/auth/list-accounts', headers: { cookie: onlyGoogle.cookie } })
    ).json() as { id: string }[];
    expect(accounts).toHaveLength(1);
    const unlink = await app.inject({
      method: 'POST',
      url: '/api/auth/unlink-account',
      headers: { cookie: onlyGoogle.cookie },
      payload: { accountId: accounts[0]?.id },
    });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json()).toMatchObject({ error: { code: 'LAST_SIGN_IN_METHOD' } });
  });

  it('refuses a Google account under another e-mail address', async () => {
    const member = await signUpVerified(app, `other-${person.email}`, 'Member');
    const attempt = await throughGoogle('link', { cookie: member.cookie, ...linkTo });
    expect(new URL(attempt.location, 'http://x').searchParams.get('error')).toBe('email_does_not_match');
    expect(await googleAccountsOf(member.id)).toHaveLength(0);
  });

  it('refuses a Google account already linked to someone else', async () => {
    const owner = await me((await throughGoogle('sign-in')).cookie);
    const other = await signUpVerified(app, person.email.replace('@', '+other@'), 'Other');
    person.email = person.email.replace('@', '+other@');
    const attempt = await throughGoogle('link', { cookie: other.cookie, ...linkTo });
    expect(new URL(attempt.location, 'http://x').searchParams.get('error')).toBe(
      'account_already_linked_to_different_user',
    );
    expect(await googleAccountsOf(owner.body.id)).toHaveLength(1);
    expect(await googleAccountsOf(other.id)).toHaveLength(0);
  });

  it('needs a session to start linking', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/link-social',
      payload: { provider: 'google', ...linkTo },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('without Google configured', () => {
  let plain: FastifyInstance;
  beforeAll(async () => {
    plain = await createTestApp();
    await plain.ready();
  });
  afterAll(() => plain?.close());

  it('says so in /api/meta and has no Google provider', async () => {
    expect((await plain.inject('/api/meta')).json()).toMatchObject({ googleSignIn: false });
    const res = await plain.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/dashboard' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'GOOGLE_SIGN_IN_FAILED' } });
  });
});

describe('GOOGLE_ISSUER', () => {
  const keys = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };

  it("is Google's own issuer unless set, and another issuer when set", () => {
    expect(loadConfig(keys).google?.issuer).toBe('https://accounts.google.com');
    expect(loadConfig({ ...keys, GOOGLE_ISSUER: 'http://127.0.0.1:9000/' }).google?.issuer).toBe(
      'http://127.0.0.1:9000',
    );
  });

  it('must be an http(s) URL', () => {
    expect(() => loadConfig({ ...keys, GOOGLE_ISSUER: 'accounts.google.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...keys, GOOGLE_ISSUER: 'ftp://accounts.google.com' })).toThrow(/GOOGLE_ISSUER/);
  });
});
