import { expect, it } from 'vitest';
import { fold } from './fold.ts';

it.each([
  ['São Paulo', 'sao paulo'],
  ['SAO PAULO', 'sao paulo'],
  ['Saint-Étienne', 'saint etienne'],
  ['Köln', 'koln'],
  ['İzmir', 'izmir'],
  ['Kraków', 'krakow'],
  ['Łódź', 'lodz'],
  ['Gießen', 'giessen'],
  ['Tórshavn', 'torshavn'],
  ['Ærøskøbing', 'aeroskobing'],
  ['Xi’an', 'xian'],
  ["xi'an", 'xian'],
  ['Rostov-na-Donu', 'rostov na donu'],
  ['  St. John’s  ', 'st johns'],
  ['Москва', 'москва'],
  ['---', ''],
])('%j folds to %j', (name, folded) => {
  expect(fold(name)).toBe(folded);
});
