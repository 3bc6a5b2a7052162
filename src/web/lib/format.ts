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
