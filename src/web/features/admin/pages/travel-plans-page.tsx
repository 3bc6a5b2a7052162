import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type AdminTravelPlanRow, adminTravelPlanSorts } from '#shared/admin-travel-plans.ts';
import { transportLabel, travelPlanStatuses, travelPlanStatusLabel } from '#shared/travel-plans.ts';
import { type AdminTravelPlanListParams, adminTravelPlanQueries } from '#web/api/admin-travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { formatDateTime, formatKg } from '#web/lib/format.ts';
import { sortParam, useListState } from '#web/lib/list-state.ts';
import { route, TravelPlanStatusBadge } from '../components/record.tsx';

// Every member's trips (docs/product.md §3, §8), filtered in the URL; newest created first by default.

const listSchema = z.object({
  status: z.enum(['all', ...travelPlanStatuses]).default('all'),
  fromCity: z.string().max(100).optional(),
  toCity: z.string().max(100).optional(),
  travelerId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().max(100).default(''),
  sort: sortParam(adminTravelPlanSorts, '-created'),
});

const tabs = [
  { value: 'all', label: 'All' },
  ...travelPlanStatuses.map((s) => ({ value: s, label: travelPlanStatusLabel[s] })),
] as const;

const column = dataTableColumns<AdminTravelPlanRow>();
const columns = column.columns([
  column.display({
    id: 'route',
    header: 'Route',
    cell: (c) => route(c.row.original.from, c.row.original.to),
    meta: { primary: true },
  }),
  column.accessor('status', { header: 'Status', cell: (c) => <TravelPlanStatusBadge status={c.getValue()} /> }),
  column.accessor('traveler', { header: 'Traveler', cell: (c) => c.getValue().name }),
  column.accessor('departureAt', {
    id: 'departure',
    header: 'Departure',
    enableSorting: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
  column.accessor('arrivalAt', { header: 'Arrival', cell: (c) => formatDateTime(c.getValue()) }),
  column.accessor('transport', { header: 'Transport', cell: (c) => transportLabel[c.getValue()] }),
  column.display({
    id: 'capacity',
    header: 'Free / total',
    cell: (c) => `${formatKg(c.row.original.freeCapacityKg)} / ${formatKg(c.row.original.capacityKg)}`,
    meta: { align: 'end' },
  }),
  column.accessor('packagesCarried', { header: 'Packages', meta: { align: 'end' } }),
  column.accessor('createdAt', {
    id: 'created',
    header: 'Created',
    enableSorting: true,
    sortDescFirst: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
]);

export default function TravelPlansPage() {
  const list = useListState(listSchema);
  const { status, q, fromCity, toCity, ...rest } = list.state;
  const params: AdminTravelPlanListParams = {
    ...rest,
    // sortParam accepted only these columns' orders.
    sort: rest.sort as AdminTravelPlanListParams['sort'],
    ...(status === 'all' ? {} : { status }),
    ...(q ? { q } : {}),
    ...(fromCity?.trim() ? { fromCity: fromCity.trim() } : {}),
    ...(toCity?.trim() ? { toCity: toCity.trim() } : {}),
    ...(list.page.cursor ? { cursor: list.page.cursor } : {}),
  };
  const query = useQuery({ ...adminTravelPlanQueries.list(params), placeholderData: keepPreviousData });
  const filtered =
    status !== 'all' ||
    q !== '' ||
    Boolean(fromCity || toCity) ||
    Object.entries(rest).some(([key, value]) => key !== 'sort' && value !== undefined);

  return (
    <>
      <PageHeader lead="Every member's trips: route, dates, free capacity and what they carry. Search by travel plan id." />
      <DataTable<AdminTravelPlanRow>
        label="Travel plans"
        noun={['travel plan', 'travel plans']}
        columns={columns}
        data={query.data?.items}
        getRowId={(p) => p.id}
        getRowHref={(p) => `/admin/travel-plans/${p.id}`}
        status={query.status}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? {
                title: 'No travel plans match',
                description: 'Try another status, city, period or id.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'No travel plans yet', description: 'Trips appear here once travelers add them.' }
        }
        tabs={{
          label: 'Travel plan status',
          value: status,
          onChange: (value) => list.setFilter('status', listSchema.shape.status.parse(value)),
          items: tabs,
        }}
        search={{
          label: 'Search travel plans',
          placeholder: 'Travel plan id',
          value: list.searchText,
          onChange: list.setSearch,
        }}
        toolbar={
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <div className="flex flex-col gap-1.5 sm:w-36">
              <Label htmlFor="plans-from-city">From city</Label>
              <Input
                id="plans-from-city"
                defaultValue={fromCity ?? ''}
                onBlur={(event) => list.setFilter('fromCity', event.target.value.trim() || undefined)}
              />
            </div>
            <div className="flex flex-col gap-1.5 sm:w-36">
              <Label htmlFor="plans-to-city">To city</Label>
              <Input
                id="plans-to-city"
                defaultValue={toCity ?? ''}
                onBlur={(event) => list.setFilter('toCity', event.target.value.trim() || undefined)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="plans-from">Departing from</Label>
              <Input
                id="plans-from"
                type="date"
                value={list.state.from ?? ''}
                onChange={(event) => list.setFilter('from', event.target.value || undefined)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="plans-to">Departing until</Label>
              <Input
                id="plans-to"
                type="date"
                value={list.state.to ?? ''}
                onChange={(event) => list.setFilter('to', event.target.value || undefined)}
              />
            </div>
          </div>
        }
        sort={{ value: list.sort, onChange: list.setSort }}
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
