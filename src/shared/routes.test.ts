import { describe, expect, it } from 'vitest';
import { matchRoute, routes, safeRedirectTarget, toRouterPath } from './routes.ts';

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
