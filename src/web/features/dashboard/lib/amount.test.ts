import { describe, expect, it } from 'vitest';
import { parseMajorAmount, toMajorInput } from './amount.ts';

describe('typed amounts', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25,50', 2550],
    [' 0.07 ', 7],
    ['1000000', 100_000_000],
  ])('reads %s as %i minor units', (text, minor) => {
    expect(parseMajorAmount(text)).toBe(minor);
  });

  it.each(['', '25.505', '1,000.00', '-5', '25.', '.5', 'abc', '1e3'])('refuses %j', (text) => {
    expect(parseMajorAmount(text)).toBeNull();
  });

  it('writes minor units back with two decimals', () => {
    expect(toMajorInput(2550)).toBe('25.50');
    expect(toMajorInput(7)).toBe('0.07');
  });
});
