import { describe, expect, it } from 'vitest';
import { sandboxCheckoutParamsSchema } from './payments.ts';
import { areValidRouteParams, matchRoute, routes, safeRedirectTarget, toRouterPath } from './routes.ts';

const id = '3f0e8a4e-5b8c-4d1e-9a7b-2c6d8e9f0a1b';

describe('matchRoute', () => {
  it('matches every static route in the table', () => {
    for (const route of routes.filter((r) => !r.path.includes('{'))) {
      expect(matchRoute(route.path, { demoMode: true })).toMatchObject({ kind: 'page', route: { path: route.path } });
    }
  });

  it('prefers a static segment over a parameter', () => {
    expect(matchRoute('/user/packages/requests', { demoMode: false })).toMatchObject({
      kind: 'page',
      route: { path: '/user/packages/requests' },
    });
  });

  it('reads parameters that are ids and rejects malformed ones', () => {
    expect(matchRoute(`/user/packages/${id}/payment`, { demoMode: false })).toEqual({
      kind: 'page',
      route: expect.objectContaining({ path: '/user/packages/{package_id}/payment' }),
      params: { package_id: id },
    });
    expect(matchRoute('/admin/users/not-an-id', { demoMode: false }).kind).toBe('invalid-param');
  });

  it('checks a parameter against the pattern its route gives', () => {
    const ref = 'cs_sandbox_Ab3-_xYz09Ab3-_xYz09Ab3-';
    expect(matchRoute(`/pay/sandbox/${ref}`, { demoMode: false })).toEqual({
      kind: 'page',
      route: expect.objectContaining({ path: '/pay/sandbox/{ref}' }),
      params: { ref },
    });
    // A record id is not a checkout reference, and the reference's own shape is enforced.
    for (const bad of [
      id,
      'cs_sandbox_short',
      'cs_live_Ab3xYz09Ab3xYz09',
      `cs_sandbox_${'a'.repeat(65)}`,
      'cs_sandbox_a%2Fbcdefgh',
    ]) {
      expect(matchRoute(`/pay/sandbox/${bad}`, { demoMode: false }).kind).toBe('invalid-param');
    }
    // Routes without a pattern still take ids only.
    expect(matchRoute(`/kyc/sandbox/${ref}`, { demoMode: false }).kind).toBe('invalid-param');
  });

  it('agrees with the API on what a sandbox checkout reference is', () => {
    const route = routes.find((r) => r.path === '/pay/sandbox/{ref}');
    expect(route).toBeDefined();
    for (const ref of ['cs_sandbox_Ab3-_xYz09Ab3', 'cs_sandbox_short', 'cs_sandbox_a/bcdefgh', 'x']) {
      expect(areValidRouteParams(route as (typeof routes)[number], { ref })).toBe(
        sandboxCheckoutParamsSchema.safeParse({ ref }).success,
      );
    }
  });

  it('refuses a route whose parameter is missing', () => {
    const route = routes.find((r) => r.path === '/user/packages/{package_id}') as (typeof routes)[number];
    expect(areValidRouteParams(route, { package_id: undefined })).toBe(false);
    expect(areValidRouteParams(route, { package_id: id })).toBe(true);
  });

  it('knows nothing of unlisted paths', () => {
    expect(matchRoute('/no/such/page', { demoMode: true }).kind).toBe('none');
  });

  it('hides demo-only pages when demo mode is off', () => {
    expect(matchRoute('/auth/login_test', { demoMode: true }).kind).toBe('page');
    expect(matchRoute('/auth/login_test', { demoMode: false }).kind).toBe('none');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-site relative paths with their query', () => {
    expect(safeRedirectTarget('/user/packages/my-packages?status=open')).toBe('/user/packages/my-packages?status=open');
  });

  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '', 'dashboard', '/a\nb'])(
    'refuses %j',
    (value) => {
      expect(safeRedirectTarget(value)).toBeNull();
    },
  );

  it('refuses non-strings', () => {
    expect(safeRedirectTarget(undefined)).toBeNull();
    expect(safeRedirectTarget(['/a'])).toBeNull();
  });
});

it('spells parameters the router way', () => {
  expect(toRouterPath('/user/packages/{package_id}/payment')).toBe('/user/packages/:package_id/payment');
});
