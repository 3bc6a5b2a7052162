import { useReading } from '#web/lib/reading.ts';

/** "Last updated" with the calendar date in the reader's own locale (the ISO date is kept in <time>). */
export function LastUpdated({ isoDate }: { isoDate: string }) {
  // The server's locale in its HTML; the reader's own as soon as the app runs.
  const { locale } = useReading();
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
