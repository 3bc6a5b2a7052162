import { useHydrated } from '#web/lib/hydrated.ts';

/** The locale of the server's HTML; the reader's own replaces it as soon as the app runs. */
const SERVER_LOCALE = 'en-GB';

/** "Last updated" with the calendar date in the reader's own locale (the ISO date is kept in <time>). */
export function LastUpdated({ isoDate }: { isoDate: string }) {
  const locale = useHydrated() ? undefined : SERVER_LOCALE;
  const [year, month, day] = isoDate.split('-').map(Number);
  // Built and formatted in UTC so the calendar day never shifts with the reader's time zone.
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  const formatted = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return (
    <p className="text-sm text-slate-600">
      Last updated: <time dateTime={isoDate}>{formatted}</time>
    </p>
  );
}
