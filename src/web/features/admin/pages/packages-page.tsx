import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { z } from 'zod';
import type { AdminPackageRow } from '#shared/admin-packages.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { packageStatuses, packageStatusLabel } from '#shared/package-status.ts';
import { type AdminPackageListParams, adminPackageQueries } from '#web/api/admin-packages.ts';
import { PackageStatusBadge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { formatDate } from '#web/lib/format.ts';
import { sortParam, useListState } from '#web/lib/list-state.ts';
import { ageOf } from '../lib/age.ts';

// /admin/packages (docs/product.md §8): every package by status, search and cities; the Disputed
// tab is the disputes queue, the oldest dispute first with its age.

const tabStatuses = [
  'open',
  'matched',
  'in_transit',
  'delivered',
  'disputed',
  'completed',
  'cancelled',
  'expired',
  'refunded',
  'draft',
] as const satisfies readonly (typeof packageStatuses)[number][];

const tabs = [
  { value: 'all', label: 'All' },
  ...tabStatuses.map((status) => ({ value: status, label: packageStatusLabel[status] })),
];

const city = z.string().trim().max(100).optional().catch(undefined);

export const packageListSchema = z.object({
  status: z.enum(['all', ...packageStatuses]).default('all'),
  q: z.string().max(100).default(''),
  pickupCity: city,
  dropoffCity: city,
  sort: sortParam(['created', 'deliverBy', 'reward'], '-created'),
});

const money = (amount: number | null, currency: Currency) => (amount === null ? '—' : formatMoney(amount, currency));
const date = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDate(iso)}</time> : '—');

const column = dataTableColumns<AdminPackageRow>();
const baseColumns = [
  column.accessor('title', { header: 'Package', meta: { primary: true } }),
  column.accessor('status', { header: 'Status', cell: (c) => <PackageStatusBadge status={c.getValue()} /> }),
  column.accessor('route', {
    header: 'Route',
    cell: (c) => `${c.getValue().from ?? 'Not set'} → ${c.getValue().to ?? 'Not set'}`,
  }),
  column.accessor('sender', { header: 'Sender', cell: (c) => c.getValue().name }),
  column.accessor('traveler', { header: 'Traveler', cell: (c) => c.getValue()?.name ?? '—' }),
];
const rewardColumn = (sortable: boolean) =>
  column.accessor('reward', {
    header: 'Reward',
    enableSorting: sortable,
    sortDescFirst: true,
    meta: { align: 'end' },
    cell: (c) => money(c.getValue(), c.row.original.currency),
  });
const columns = column.columns([
  ...baseColumns,
  rewardColumn(true),
  column.accessor('createdAt', {
    id: 'created',
    header: 'Created',
    enableSorting: true,
    sortDescFirst: true,
    cell: (c) => date(c.getValue()),
  }),
  column.accessor('deliverBy', { header: 'Deliver by', enableSorting: true, cell: (c) => date(c.getValue()) }),
]);
// The queue has one order, the oldest dispute first: its columns do not sort.
const queueColumns = column.columns([
  ...baseColumns,
  rewardColumn(false),
  column.accessor('disputeOpenedAt', {
    header: 'Dispute open for',
    cell: (c) => {
      const at = c.getValue();
      return at ? <time dateTime={at}>{ageOf(at)}</time> : '—';
    },
  }),
]);

export default function PackagesPage() {
  const list = useListState(packageListSchema);
  const { state } = list;
  const disputedTab = state.status === 'disputed';
  const params: AdminPackageListParams = {
    ...(state.status === 'all' ? {} : { status: state.status }),
    ...(state.q ? { q: state.q } : {}),
    ...(state.pickupCity ? { pickupCity: state.pickupCity } : {}),
    ...(state.dropoffCity ? { dropoffCity: state.dropoffCity } : {}),
    ...(disputedTab ? {} : { sort: state.sort as AdminPackageListParams['sort'] }),
    ...(list.page.cursor ? { cursor: list.page.cursor } : {}),
  };
  const query = useQuery(adminPackageQueries.list(params));
  const filtered = state.status !== 'all' || state.q !== '' || Boolean(state.pickupCity || state.dropoffCity);

  return (
    <>
      <PageHeader lead="Every package on the marketplace. The Disputed tab is the queue of disputes to resolve, the oldest first." />
      <DataTable<AdminPackageRow>
        label={disputedTab ? 'Disputed packages, oldest dispute first' : 'Packages'}
        noun={['package', 'packages']}
        columns={disputedTab ? queueColumns : columns}
        data={query.data?.items}
        getRowId={(p) => p.id}
        getRowHref={(p) => `/admin/packages/${p.id}`}
        status={query.status}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? {
                title: disputedTab ? 'No open disputes' : 'No packages match',
                description: disputedTab ? 'Every dispute has been resolved.' : 'Try another search, city or status.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'No packages yet', description: 'Packages appear here once members create them.' }
        }
        tabs={{
          label: 'Package status',
          value: state.status,
          onChange: (value) => list.setFilter('status', packageListSchema.shape.status.parse(value)),
          items: tabs,
        }}
        search={{
          label: 'Search packages',
          placeholder: 'Title, or a package id',
          value: list.searchText,
          onChange: list.setSearch,
        }}
        toolbar={
          <CityFilters
            key={`${state.pickupCity ?? ''}|${state.dropoffCity ?? ''}`}
            from={state.pickupCity ?? ''}
            to={state.dropoffCity ?? ''}
            onApply={(from, to) => list.setFilters({ pickupCity: from || undefined, dropoffCity: to || undefined })}
          />
        }
        sort={disputedTab ? undefined : { value: list.sort, onChange: list.setSort }}
        total={query.data?.total}
        paging={{
          kind: 'pages',
          hasPrevious: list.page.hasPrevious,
          hasNext: Boolean(query.data?.nextCursor),
          onPrevious: list.page.previous,
          onNext: () => (query.data?.nextCursor ? list.page.next(query.data.nextCursor) : undefined),
        }}
      />
    </>
  );
}

/** From and to city, applied together (a city's beginning is enough: "par" finds Paris). */
function CityFilters({ from, to, onApply }: { from: string; to: string; onApply: (from: string, to: string) => void }) {
  const id = useId();
  const [pickup, setPickup] = useState(from);
  const [dropoff, setDropoff] = useState(to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(pickup.trim(), dropoff.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Filter by city" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-col gap-1.5 sm:w-40">
        <Label htmlFor={`${id}-from`}>From city</Label>
        <Input id={`${id}-from`} value={pickup} maxLength={100} onChange={(e) => setPickup(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5 sm:w-40">
        <Label htmlFor={`${id}-to`}>To city</Label>
        <Input id={`${id}-to`} value={dropoff} maxLength={100} onChange={(e) => setDropoff(e.target.value)} />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}
