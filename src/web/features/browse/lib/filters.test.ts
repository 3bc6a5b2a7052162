import { expect, it } from 'vitest';
import { listingHref, packageFilters, tripFilters } from './filters.ts';

it('reads a listing address into the filters the contract accepts', () => {
  const params = new URLSearchParams('from=paris-fr&to=Berlin-DE&size=M&minReward=20&sort=reward&page=3');
  expect(packageFilters(params)).toEqual({
    from: 'paris-fr',
    to: 'berlin-de',
    size: 'M',
    minReward: 20,
    sort: 'reward',
  });
});

it('leaves out what a hand-edited address gets wrong and keeps the rest', () => {
  const params = new URLSearchParams('from=paris&to=berlin-de&size=XL&maxWeightKg=-1&after=2026-12-01');
  expect(packageFilters(params)).toEqual({ to: 'berlin-de', after: '2026-12-01', sort: 'newest' });
  expect(tripFilters(new URLSearchParams('minCapacityKg=abc&sort=sideways'))).toEqual({ sort: 'departure' });
});

it('writes one address per search: empty values and the default order left out', () => {
  expect(listingHref('/packages', { from: 'paris-fr', to: '', sort: 'newest', size: undefined })).toBe(
    '/packages?from=paris-fr',
  );
  expect(listingHref('/trips', { sort: 'newest', minCapacityKg: 5 })).toBe('/trips?sort=newest&minCapacityKg=5');
  expect(listingHref('/trips', {})).toBe('/trips');
});
