import type { ReactNode } from 'react';

/** One part of a member's record: a titled card (h2), whatever it holds. */
export function RecordSection({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">
        {title}
        {count !== undefined ? <span className="ml-2 font-normal text-slate-600">({count})</span> : null}
      </h2>
      {children}
    </section>
  );
}

/** The newest few records of one kind, or a line saying there are none. */
export function RecentList<T>({
  items,
  empty,
  label,
  render,
}: {
  items: readonly T[];
  empty: string;
  label: string;
  render: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-slate-100">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and re-rendered whole.
        <li key={i} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}
