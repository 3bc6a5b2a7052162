// Dates and distances in the reader's locale (the browser's), one formatter each.

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const kmFormat = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 0 });
const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const kgFormat = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilogram', maximumFractionDigits: 1 });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
export const formatKm = (km: number) => kmFormat.format(km);
export const formatKg = (kg: number) => kgFormat.format(kg);
export const formatCount = (n: number) => countFormat.format(n);

// A UTC day ("2026-05-12", how the back office's figures are counted, ADR 0049) names that day
// wherever the reader is: formatted at UTC, not at the reader's own midnight, which would be the day
// before west of Greenwich.
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcMidnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

export const formatDay = (day: string) => dayFormat.format(utcMidnight(day));
export const formatShortDay = (day: string) => shortDayFormat.format(utcMidnight(day));
