const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How long ago `iso` was, in the largest whole unit: "3 days", "5 hours", "under an hour". */
export function ageOf(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed >= DAY) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed >= HOUR) return plural(Math.floor(elapsed / HOUR), 'hour');
  return 'under an hour';
}

/** "12.50" or "12,5" in major units → minor units; null when it is not a plain amount. */
export function parseAmount(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}
