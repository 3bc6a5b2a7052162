import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

/** What a column tells the data table beyond TanStack's own definition. */
export interface DataTableColumnMeta {
  /** The column's name where its header is not plain text: a card's labels, the sort menu. */
  label?: string;
  /** Numbers and money line up on the right. */
  align?: 'start' | 'end';
  /** The cell that names the record and carries its link (by default the first column). */
  primary?: boolean;
  /** Left out of the narrow-screen card (an id column, say), still in the table. */
  hideInCard?: boolean;
  /** Extra classes of the column's cells (a width, `font-mono`). */
  className?: string;
}

// Sorting is the only TanStack feature the table registers: the server filters, orders and pages,
// so the table never reorders rows (manualSorting) and only turns header clicks into a new sort.
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;

// biome-ignore lint/suspicious/noExplicitAny: each column keeps its own value type, as TanStack's helper.columns() does.
export type DataTableColumn<TData extends RowData> = ColumnDef<DataTableFeatures, TData, any>;

/**
 * The column helper of a data table's rows. A column is sortable only when it says so
 * (`enableSorting: true`): the server decides which orders it can answer.
 *
 * ```ts
 * const column = dataTableColumns<Member>();
 * const columns = column.columns([
 *   column.accessor('name', { header: 'Name', enableSorting: true, meta: { primary: true } }),
 *   column.accessor('joinedAt', { header: 'Joined', cell: (c) => formatDate(c.getValue()) }),
 * ]);
 * ```
 */
export const dataTableColumns = <TData extends RowData>() => createColumnHelper<DataTableFeatures, TData>();
