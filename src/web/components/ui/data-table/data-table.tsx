import {
  type Column,
  FlexRender,
  type Header,
  type Row,
  type RowData,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { Fragment, type ReactNode, useId, useMemo } from 'react';
import { cn } from '#web/lib/cn.ts';
import type { ListSort } from '#web/lib/list-state.ts';
import { NativeSelect } from '../select.tsx';
import { Skeleton } from '../skeleton.tsx';
import { EmptyState, ErrorState } from '../states.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../tabs.tsx';
import { type DataTableColumn, type DataTableFeatures, dataTableFeatures } from './columns.ts';
import {
  DataTablePager,
  type DataTablePaging,
  DataTableSearch,
  type DataTableTotal,
  RowLink,
  totalText,
} from './parts.tsx';

export interface DataTableTab {
  value: string;
  label: string;
}

export interface DataTableProps<TData extends RowData> {
  /** The table's accessible name ("Members"). */
  label: string;
  /** One row and several, for the count and the states ("member", "members"). */
  noun: readonly [string, string];
  /** Module-level or memoised: a new array each render rebuilds every column. */
  columns: readonly DataTableColumn<TData>[];
  /** The page the server answered, already filtered and ordered. */
  data: readonly TData[] | undefined;
  getRowId: (row: TData) => string;
  /** The record's page: each row links there. */
  getRowHref: (row: TData) => string;
  /** The query's status (TanStack Query's `status`). */
  status: 'pending' | 'error' | 'success';
  /** True while a newer answer is on its way (a refetch after a filter change, another page). */
  isFetching?: boolean;
  onRetry?: () => void;
  /** What an empty list says; a filtered list's empty state usually offers to clear the filters. */
  empty: { title: string; description?: ReactNode; action?: ReactNode };
  sort?: { value: ListSort | null; onChange: (sort: ListSort) => void };
  search?: { value: string; onChange: (text: string) => void; label: string; placeholder?: string };
  /** Status tabs above the list; changing tab is a filter change. */
  tabs?: { label: string; value: string; onChange: (value: string) => void; items: readonly DataTableTab[] };
  /** The list's own filters (selects, toggles), beside the search. */
  toolbar?: ReactNode;
  total?: DataTableTotal;
  paging?: DataTablePaging;
  /** `auto`: a table from 640 px up, one card per row below; the others force one (tests, previews). */
  layout?: 'auto' | 'table' | 'cards';
  /** The level of the empty and error states' headings: 3 inside a section that has an h2. */
  headingLevel?: 2 | 3;
  skeletonRows?: number;
}

const noRows: readonly never[] = [];

function columnLabel<TData extends RowData>(column: Column<DataTableFeatures, TData, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function SortableHeader<TData extends RowData>({ header }: { header: Header<DataTableFeatures, TData, unknown> }) {
  const sorted = header.column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className="-mx-2 inline-flex items-center gap-1 rounded-md px-2 py-1 font-semibold hover:bg-slate-200/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      <FlexRender header={header} />
      <Icon aria-hidden="true" className={cn('size-3.5', sorted ? 'text-slate-900' : 'text-slate-500')} />
    </button>
  );
}

/**
 * A list screen of the back office: status tabs, a search box and the screen's filters, the rows the
 * server answered (a table from 640 px up, one card per row below), a count, and paging. Rows link
 * to their record. Presentational: the caller owns the query and the list's state (`useListState`
 * keeps it in the URL); the table only reports what the administrator asked for.
 */
export function DataTable<TData extends RowData>({
  label,
  noun,
  columns,
  data,
  getRowId,
  getRowHref,
  status,
  isFetching = false,
  onRetry,
  empty,
  sort,
  search,
  tabs,
  toolbar,
  total,
  paging,
  layout = 'auto',
  headingLevel = 2,
  skeletonRows = 5,
}: DataTableProps<TData>) {
  const sortSelectId = useId();
  const sortId = sort?.value?.id;
  const sortDesc = sort?.value?.desc;
  const sorting = useMemo<SortingState>(
    () => (sortId === undefined ? [] : [{ id: sortId, desc: sortDesc ?? false }]),
    [sortId, sortDesc],
  );
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    const first = next[0];
    if (first && sort) sort.onChange({ id: first.id, desc: first.desc });
  };

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: data ?? (noRows as readonly TData[]),
    getRowId: (row) => getRowId(row),
    // The server orders the rows; a header click only asks it for another order.
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableSorting: sort !== undefined,
    defaultColumn: { enableSorting: false },
    state: { sorting },
    onSortingChange,
  });

  const leafColumns = table.getAllLeafColumns();
  const primaryId = (leafColumns.find((c) => c.columnDef.meta?.primary) ?? leafColumns[0])?.id;
  const sortable = leafColumns.filter((c) => c.getCanSort());
  const rows = table.getRowModel().rows;
  const [nounOne, nounMany] = noun;
  const busy = status === 'pending' || isFetching;

  const cellContent = (row: Row<DataTableFeatures, TData>, columnId: string, content: ReactNode) =>
    columnId === primaryId ? <RowLink to={getRowHref(row.original)}>{content}</RowLink> : content;

  const showTable = layout !== 'cards';
  const showCards = layout !== 'table';
  const only = (shown: 'table' | 'cards') =>
    layout === 'auto' ? (shown === 'table' ? 'hidden sm:block' : 'sm:hidden') : undefined;

  const tableView = (
    <div className={only('table')}>
      <Table label={label} aria-label={label} aria-busy={busy || undefined}>
        <TableHeader>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className="hover:bg-transparent">
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                return (
                  <TableHead
                    key={header.id}
                    colSpan={header.colSpan > 1 ? header.colSpan : undefined}
                    aria-sort={sorted ? ariaSort[sorted] : undefined}
                    className={cn(meta?.align === 'end' && 'text-right')}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <SortableHeader header={header} />
                    ) : (
                      <FlexRender header={header} />
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody className={cn(isFetching && status === 'success' && 'opacity-60')}>
          {status === 'pending'
            ? Array.from({ length: skeletonRows }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
                <TableRow key={i} className="hover:bg-transparent">
                  {leafColumns.map((column) => (
                    <TableCell key={column.id}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : rows.map((row) => (
                <TableRow key={row.id} className="relative">
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <TableCell
                        key={cell.id}
                        className={cn(meta?.align === 'end' && 'text-right tabular-nums', meta?.className)}
                      >
                        {cellContent(row, cell.column.id, <FlexRender cell={cell} />)}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </div>
  );

  const cardsView = (
    <div className={cn('flex flex-col gap-3', only('cards'))}>
      {sort && sortable.length > 0 ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <label htmlFor={sortSelectId} className="shrink-0">
            Sort by
          </label>
          <NativeSelect
            id={sortSelectId}
            value={sort.value ? `${sort.value.id}:${sort.value.desc ? 'desc' : 'asc'}` : ''}
            onChange={(event) => {
              const [id = '', dir] = event.target.value.split(':');
              sort.onChange({ id, desc: dir === 'desc' });
            }}
          >
            {sort.value ? null : <option value="">Default order</option>}
            {sortable.map((column) => (
              <Fragment key={column.id}>
                <option value={`${column.id}:asc`}>{columnLabel(column)}, ascending</option>
                <option value={`${column.id}:desc`}>{columnLabel(column)}, descending</option>
              </Fragment>
            ))}
          </NativeSelect>
        </div>
      ) : null}
      <ul aria-label={label} aria-busy={busy || undefined} className="flex flex-col gap-3">
        {status === 'pending'
          ? Array.from({ length: skeletonRows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
              <li key={i} className="rounded-lg border border-slate-200 bg-white p-4">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="mt-3 h-4 w-3/4" />
                <Skeleton className="mt-2 h-4 w-2/3" />
              </li>
            ))
          : rows.map((row) => {
              const cells = row.getAllCells();
              const primary = cells.find((cell) => cell.column.id === primaryId);
              return (
                <li
                  key={row.id}
                  className={cn(
                    'relative rounded-lg border border-slate-200 bg-white p-4 transition-colors hover:border-brand-600',
                    isFetching && 'opacity-60',
                  )}
                >
                  {primary ? (
                    <p className="text-base">{cellContent(row, primary.column.id, <FlexRender cell={primary} />)}</p>
                  ) : null}
                  <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
                    {cells
                      .filter((cell) => cell !== primary && !cell.column.columnDef.meta?.hideInCard)
                      .map((cell) => (
                        <Fragment key={cell.id}>
                          <dt className="text-slate-600">{columnLabel(cell.column)}</dt>
                          <dd
                            className={cn(
                              'min-w-0 text-slate-900 [overflow-wrap:anywhere]',
                              cell.column.columnDef.meta?.className,
                            )}
                          >
                            <FlexRender cell={cell} />
                          </dd>
                        </Fragment>
                      ))}
                  </dl>
                </li>
              );
            })}
      </ul>
    </div>
  );

  let content: ReactNode;
  if (status === 'error') {
    content = (
      <ErrorState title={`We couldn't load the ${nounMany}.`} onRetry={onRetry} headingLevel={headingLevel}>
        Check your connection and try again.
      </ErrorState>
    );
  } else if (status === 'success' && rows.length === 0) {
    content = (
      <EmptyState title={empty.title} action={empty.action} headingLevel={headingLevel}>
        {empty.description}
      </EmptyState>
    );
  } else {
    content = (
      <>
        {showTable ? tableView : null}
        {showCards ? cardsView : null}
      </>
    );
  }

  const footer =
    status === 'error' ? null : (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-sm text-slate-600">
          {status === 'pending' ? `Loading ${nounMany}…` : totalText(total, rows.length, [nounOne, nounMany])}
        </p>
        {paging && status === 'success' ? <DataTablePager paging={paging} busy={isFetching} /> : null}
      </div>
    );

  const body = (
    <div className="flex flex-col gap-3">
      {search || toolbar ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          {search ? <DataTableSearch {...search} /> : null}
          {toolbar}
        </div>
      ) : null}
      {content}
      {footer}
    </div>
  );

  if (!tabs) return body;
  return (
    // Manual activation: arrowing across the tabs should not fetch every status on the way.
    <Tabs value={tabs.value} onValueChange={tabs.onChange} activationMode="manual">
      <TabsList aria-label={tabs.label}>
        {tabs.items.map((item) => (
          <TabsTrigger key={item.value} value={item.value}>
            {item.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.items.map((item) => (
        <TabsContent key={item.value} value={item.value}>
          {item.value === tabs.value ? body : null}
        </TabsContent>
      ))}
    </Tabs>
  );
}
