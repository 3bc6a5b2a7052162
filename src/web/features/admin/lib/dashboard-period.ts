import type { DashboardPeriodQuery } from '#shared/admin-dashboard.ts';

// The dashboard's period as its URL carries it, so a view of the figures is a link an administrator
// can reload or send: `?period=7d` for a preset (none for the default), `?from=&to=` for chosen days.
// Days are UTC, as the server counts them (ADR 0049): today is the UTC day, not the reader's.

export const periodPresets = [
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
  { value: '90d', label: 'Last 90 days', days: 90 },
  { value: '12m', label: 'Last 12 months', days: 365 },
] as const;
export type PeriodPreset = (typeof periodPresets)[number]['value'];
export const DEFAULT_PRESET: PeriodPreset = '30d';

export const PERIOD_PARAM = 'period';
export const FROM_PARAM = 'from';
export const TO_PARAM = 'to';

export type PeriodChoice = { kind: 'preset'; preset: PeriodPreset } | { kind: 'custom'; from: string; to: string };

export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** The UTC day `n` days after `day` (before it when negative). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const isPreset = (value: string | null): value is PeriodPreset => periodPresets.some((p) => p.value === value);

/**
 * Chosen days win over a preset; anything else (a half-chosen period, an unknown preset) is the
 * default. Chosen days are not checked here: the server's 400 says what is wrong, beside the inputs.
 */
export function readPeriod(params: URLSearchParams): PeriodChoice {
  const from = params.get(FROM_PARAM);
  const to = params.get(TO_PARAM);
  if (from && to) return { kind: 'custom', from, to };
  const preset = params.get(PERIOD_PARAM);
  return { kind: 'preset', preset: isPreset(preset) ? preset : DEFAULT_PRESET };
}

/** The days a choice covers, today the last of a preset's. */
export function periodRange(choice: PeriodChoice, today: string = utcToday()): DashboardPeriodQuery {
  if (choice.kind === 'custom') return { from: choice.from, to: choice.to };
  const days = periodPresets.find((p) => p.value === choice.preset)?.days ?? 30;
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The URL parameters of a choice, the others kept; the default preset leaves no trace. */
export function writePeriod(params: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(PERIOD_PARAM);
  next.delete(FROM_PARAM);
  next.delete(TO_PARAM);
  if (choice.kind === 'custom') {
    next.set(FROM_PARAM, choice.from);
    next.set(TO_PARAM, choice.to);
  } else if (choice.preset !== DEFAULT_PRESET) {
    next.set(PERIOD_PARAM, choice.preset);
  }
  return next;
}
