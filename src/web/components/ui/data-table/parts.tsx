import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { formatCount } from '#web/lib/format.ts';
import { Button } from '../button.tsx';
import { Input } from '../input.tsx';

/** How a list moves past its first page: pages one at a time, or more rows appended below. */
export type DataTablePaging =
  | { kind: 'pages'; hasPrevious: boolean; hasNext: boolean; onPrevious: () => void; onNext: () => void }
  | { kind: 'more'; hasMore: boolean; isLoadingMore: boolean; onLoadMore: () => void };

/** The number of records the server counted; an estimate on large tables, said as "About N". */
export interface DataTableTotal {
  count: number;
  estimated?: boolean;
}

/**
 * The row's link, around the cell that names the record. Its ::after covers the whole row (or card),
 * so a click anywhere opens the record and a middle click or "Open in new tab" works as on any link,
 * while the keyboard reaches one link per row. A control in another cell needs `relative` to sit
 * above it.
 */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-medium text-brand-700 underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </Link>
  );
}

/** The search box of a list. Pair it with `useListState`, whose `setSearch` waits for typing to pause. */
export function DataTableSearch({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder?: string;
}) {
  return (
    <search className="relative w-full sm:max-w-xs">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        enterKeyHint="search"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </search>
  );
}

export function totalText(total: DataTableTotal | undefined, shown: number, noun: readonly [string, string]) {
  if (!total) return `${formatCount(shown)} shown`;
  const word = total.count === 1 && !total.estimated ? noun[0] : noun[1];
  return `${total.estimated ? 'About ' : ''}${formatCount(total.count)} ${word}`;
}

export function DataTablePager({ paging, busy }: { paging: DataTablePaging; busy: boolean }) {
  if (paging.kind === 'more') {
    if (!paging.hasMore) return null;
    return (
      <Button
        variant="secondary"
        onClick={() => (paging.isLoadingMore ? undefined : paging.onLoadMore())}
        aria-disabled={paging.isLoadingMore || undefined}
      >
        {paging.isLoadingMore ? 'Loading…' : 'Load more'}
      </Button>
    );
  }
  if (!paging.hasPrevious && !paging.hasNext) return null;
  return (
    <nav aria-label="Pages" className={cn('flex gap-2', busy && 'opacity-70')}>
      <Button variant="secondary" size="sm" disabled={!paging.hasPrevious} onClick={paging.onPrevious}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <Button variant="secondary" size="sm" disabled={!paging.hasNext} onClick={paging.onNext}>
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
