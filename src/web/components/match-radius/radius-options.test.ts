import { describe, expect, it } from 'vitest';
import { radiusFromParam, radiusOptions, widerRadius } from './radius-options.ts';

describe('radiusOptions', () => {
  it('offers the steps up to the maximum, with the default and the maximum included', () => {
    expect(radiusOptions(50, 300)).toEqual([10, 25, 50, 100, 150, 200, 300]);
    expect(radiusOptions(40, 120)).toEqual([10, 25, 40, 50, 100, 120]);
  });
  it('never offers more than the maximum, even when the default is larger', () => {
    expect(radiusOptions(80, 30)).toEqual([10, 25, 30]);
  });
});

describe('radiusFromParam', () => {
  it('uses the default without a param or with nonsense', () => {
    expect(radiusFromParam(null, 50, 300)).toBe(50);
    expect(radiusFromParam('abc', 50, 300)).toBe(50);
    expect(radiusFromParam('-5', 50, 300)).toBe(50);
  });
  it('keeps the asked radius within 1 km and the maximum', () => {
    expect(radiusFromParam('100', 50, 300)).toBe(100);
    expect(radiusFromParam('9999', 50, 300)).toBe(300);
    expect(radiusFromParam('0.2', 50, 300)).toBe(1);
  });
});

describe('widerRadius', () => {
  it('suggests the next step, and nothing at the maximum', () => {
    expect(widerRadius(50, 50, 300)).toBe(100);
    expect(widerRadius(300, 50, 300)).toBeNull();
    expect(widerRadius(120, 50, 300)).toBe(150);
  });
});
