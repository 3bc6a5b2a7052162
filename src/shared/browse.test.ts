import { expect, it } from 'vitest';
import { firstNameOf, parsePlaceSlug, placeSlug } from './browse.ts';

it.each([
  [{ city: 'Paris', countryCode: 'FR' }, 'paris-fr'],
  [{ city: 'São Paulo', countryCode: 'BR' }, 'sao-paulo-br'],
  [{ city: 'Saint-Étienne', countryCode: 'FR' }, 'saint-etienne-fr'],
  [{ city: 'Xi’an', countryCode: 'CN' }, 'xian-cn'],
])('names %o in an address as %s, and reads it back', (place, slug) => {
  expect(placeSlug(place)).toBe(slug);
  expect(parsePlaceSlug(slug)?.country).toBe(place.countryCode);
});

it('reads the folded name and the country of a slug', () => {
  expect(parsePlaceSlug('sao-paulo-br')).toEqual({ name: 'sao paulo', country: 'BR' });
  expect(parsePlaceSlug('new-york-city-us')).toEqual({ name: 'new york city', country: 'US' });
});

it.each(['paris', 'paris-', '-fr', 'paris--fr', 'paris-fra', 'paris fr', 'paris-FR', ''])(
  'refuses %j, which is not a slug',
  (text) => {
    expect(parsePlaceSlug(text)).toBeNull();
  },
);

it('shows a stranger the first word of a name', () => {
  expect(firstNameOf('Sam Sender')).toBe('Sam');
  expect(firstNameOf('  Tess   T. ')).toBe('Tess');
  expect(firstNameOf('')).toBe('A member');
});
