import { expect, it } from 'vitest';
import { routes } from '#shared/routes.ts';
import { getGuard } from './registry.tsx';

it('finds every guard the route table names', () => {
  for (const route of routes) if ('guard' in route) expect(getGuard(route.guard)).toBeTypeOf('function');
});

it('throws on a guard name it does not know', () => {
  expect(() => getGuard('superuser')).toThrow('Unknown route guard "superuser"');
});
