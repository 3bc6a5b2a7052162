// Dates and distances in the reader's locale (the browser's), one formatter each per reading.

/**
 * Whose conventions a text is written in. Empty: the reader's own (the browser's locale and time
 * zone). The server's HTML is written in `SERVER_READING`, and so is the browser's first render of it,
 * so React takes it over unchanged; `useReading()` (#web/lib/reading.ts) switches to the reader's
 * right after (ADR 0065).
 */
export interface Reading {
  locale?: string;
  timeZone?: string;
}

export const SERVER_READING: Reading = { locale: 'en-GB', timeZone: 'UTC' };

const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function once<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, reading: Reading, make: () => T): T {
  const key = `${kind}|${reading.locale ?? ''}|${reading.timeZone ?? ''}`;
  let formatter = made.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter;
}

const dates = (kind: string, reading: Reading, options: Intl.DateTimeFormatOptions) =>
  once(kind, reading, () => new Intl.DateTimeFormat(reading.locale, { timeZone: reading.timeZone, ...options }));
const numbers = (kind: string, reading: Reading, options: Intl.NumberFormatOptions) =>
  once(kind, reading, () => new Intl.NumberFormat(reading.locale, options));

export const formatDate = (iso: string, reading: Reading = {}) =>
  dates('date', reading, { dateStyle: 'medium' }).format(new Date(iso));
export const formatDateTime = (iso: string, reading: Reading = {}) =>
  dates('date-time', reading, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const formatKm = (km: number, reading: Reading = {}) =>
  numbers('km', reading, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 }).format(km);
export const formatKg = (kg: number, reading: Reading = {}) =>
  numbers('kg', reading, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 }).format(kg);
export const formatCount = (n: number, reading: Reading = {}) =>
  numbers('count', reading, { maximumFractionDigits: 0 }).format(n);
/** "4.5": a rating out of 5, always with one decimal. */
export const formatRating = (rating: number, reading: Reading = {}) =>
  numbers('rating', reading, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);

// A UTC day ("2026-05-12", how the back office's figures are counted, ADR 0049) names that day
// wherever the reader is: formatted at UTC, not at the reader's own midnight, which would be the day
// before west of Greenwich.
const utcMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

export const formatDay = (day: string, { locale }: Reading = {}) =>
  dates('day', { locale, timeZone: 'UTC' }, { dateStyle: 'medium' }).format(utcMidnight(day));
export const formatShortDay = (day: string, { locale }: Reading = {}) =>
  dates('short-day', { locale, timeZone: 'UTC' }, { day: 'numeric', month: 'short' }).format(utcMidnight(day));
