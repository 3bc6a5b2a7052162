// Message times in the reader's locale: today's as a time, older ones with their date.

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const shortDateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

function sameDay(a: Date, b: Date) {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Under a message: "14:05" today, "3 May 2026, 14:05" before. */
export function messageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return sameDay(at, now) ? timeFormat.format(at) : dateTimeFormat.format(at);
}

/** In the conversation list: "14:05" today, "3 May" before. */
export function listTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return sameDay(at, now) ? timeFormat.format(at) : shortDateFormat.format(at);
}
