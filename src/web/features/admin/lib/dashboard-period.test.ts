import { describe, expect, it } from 'vitest';
import { addDays, periodRange, readPeriod, utcToday, writePeriod } from './dashboard-period.ts';

// The dashboard's period as the URL carries it, and the UTC days each choice covers.

describe('dashboard period', () => {
  it('counts today in UTC, whatever the reader’s clock says', () => {
    expect(utcToday(new Date('2026-05-31T23:30:00.000Z'))).toBe('2026-05-31');
    expect(utcToday(new Date('2026-06-01T00:00:00.000Z'))).toBe('2026-06-01');
  });

  it('steps over months and leap days', () => {
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('ends every preset today, both ends included', () => {
    const today = '2026-05-31';
    expect(periodRange({ kind: 'preset', preset: '7d' }, today)).toEqual({ from: '2026-05-25', to: today });
    expect(periodRange({ kind: 'preset', preset: '30d' }, today)).toEqual({ from: '2026-05-02', to: today });
    expect(periodRange({ kind: 'preset', preset: '90d' }, today)).toEqual({ from: '2026-03-03', to: today });
    expect(periodRange({ kind: 'preset', preset: '12m' }, today)).toEqual({ from: '2025-06-01', to: today });
  });

  it('reads chosen days before a preset, and the default for anything else', () => {
    const read = (search: string) => readPeriod(new URLSearchParams(search));
    expect(read('from=2026-01-01&to=2026-01-31&period=7d')).toEqual({
      kind: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(read('period=90d')).toEqual({ kind: 'preset', preset: '90d' });
    expect(read('from=2026-01-01')).toEqual({ kind: 'preset', preset: '30d' });
    expect(read('period=1000y')).toEqual({ kind: 'preset', preset: '30d' });
  });

  it('writes a choice over the last one, keeping the other parameters; the default leaves no trace', () => {
    const params = new URLSearchParams('currency=USD&from=2026-01-01&to=2026-01-31');
    expect(writePeriod(params, { kind: 'preset', preset: '7d' }).toString()).toBe('currency=USD&period=7d');
    expect(writePeriod(params, { kind: 'preset', preset: '30d' }).toString()).toBe('currency=USD');
    expect(
      writePeriod(new URLSearchParams('period=7d'), {
        kind: 'custom',
        from: '2026-02-01',
        to: '2026-02-03',
      }).toString(),
    ).toBe('from=2026-02-01&to=2026-02-03');
  });
});
