// A trip's times are typed in the traveler's own clock (<input type="datetime-local">) and stored
// as instants (ISO 8601 with an offset), so they read right in every other time zone.

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-06-12T09:30" in this browser's time zone, for a datetime-local input. */
export function isoToLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The instant a datetime-local value names in this browser's time zone, or null when it names none. */
export function localInputToIso(value: string): string | null {
  // Date parses a date-time without an offset as local time, which is what the input means.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
