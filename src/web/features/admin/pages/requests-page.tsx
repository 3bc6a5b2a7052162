import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type AdminRequestRow, adminRequestSorts } from '#shared/admin-requests.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { requestStarters, requestStatuses, requestStatusLabel } from '#shared/requests.ts';
import { type AdminRequestListParams, adminRequestQueries } from '#web/api/admin-requests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { sortParam, useListState } from '#web/lib/list-state.ts';
import { RequestStatusBadge, route } from '../components/record.tsx';

// Every request between a package and a trip (docs/product.md §4, §8), filtered in the URL.

const kindLabel = { traveler: 'Offer', sender: 'Invitation' } as const;

const listSchema = z.object({
  status: z.enum(['all', ...requestStatuses]).default('all'),
  startedBy: z.enum(requestStarters).optional(),
  packageId: z.uuid().optional(),
  travelerId: z.uuid().optional(),
  senderId: z.uuid().optional(),
  travelPlanId: z.uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().max(100).default(''),
  sort: sortParam(adminRequestSorts, '-created'),
});

const tabs = [
  { value: 'all', label: 'All' },
  ...requestStatuses.map((s) => ({ value: s, label: requestStatusLabel[s] })),
] as const;

const column = dataTableColumns<AdminRequestRow>();
const columns = column.columns([
  column.accessor('package', {
    header: 'Package',
    cell: (c) => c.getValue().title,
    meta: { primary: true },
  }),
  column.accessor('status', { header: 'Status', cell: (c) => <RequestStatusBadge status={c.getValue()} /> }),
  column.accessor('startedBy', { header: 'Kind', cell: (c) => kindLabel[c.getValue()] }),
  column.display({
    id: 'route',
    header: 'Route',
    cell: (c) => route(c.row.original.package.from, c.row.original.package.to),
  }),
  column.accessor('sender', { header: 'Sender', cell: (c) => c.getValue().name }),
  column.accessor('traveler', { header: 'Traveler', cell: (c) => c.getValue().name }),
  column.accessor('reward', {
    header: 'Reward',
    cell: (c) => (c.getValue() === null ? '—' : formatMoney(c.getValue() ?? 0, c.row.original.currency as Currency)),
    meta: { align: 'end' },
  }),
  column.accessor('createdAt', {
    id: 'created',
    header: 'Created',
    enableSorting: true,
    sortDescFirst: true,
    cell: (c) => formatDateTime(c.getValue()),
  }),
  column.accessor('expiresAt', {
    header: 'Expires',
    cell: (c) => {
      const at = c.getValue();
      return at ? formatDateTime(at) : '—';
    },
  }),
]);

export default function RequestsPage() {
  const list = useListState(listSchema);
  const { status, q, ...rest } = list.state;
  const params: AdminRequestListParams = {
    ...rest,
    // sortParam accepted only these columns' orders.
    sort: rest.sort as AdminRequestListParams['sort'],
    ...(status === 'all' ? {} : { status }),
    ...(q ? { q } : {}),
    ...(list.page.cursor ? { cursor: list.page.cursor } : {}),
  };
  const query = useQuery({ ...adminRequestQueries.list(params), placeholderData: keepPreviousData });
  const filtered =
    status !== 'all' || q !== '' || Object.entries(rest).some(([key, value]) => key !== 'sort' && value !== undefined);

  return (
    <>
      <PageHeader lead="Every request between a package and a traveler's trip, and where it stands. Search by request id." />
      <DataTable<AdminRequestRow>
        label="Requests"
        noun={['request', 'requests']}
        columns={columns}
        data={query.data?.items}
        getRowId={(r) => r.id}
        getRowHref={(r) => `/admin/requests/${r.id}`}
        status={query.status}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? {
                title: 'No requests match',
                description: 'Try another status, period or id.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'No requests yet', description: 'Requests appear here once travelers offer or senders invite.' }
        }
        tabs={{
          label: 'Request status',
          value: status,
          onChange: (value) => list.setFilter('status', listSchema.shape.status.parse(value)),
          items: tabs,
        }}
        search={{
          label: 'Search requests',
          placeholder: 'Request id',
          value: list.searchText,
          onChange: list.setSearch,
        }}
        toolbar={
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="flex flex-col gap-1.5 sm:w-40">
              <Label htmlFor="requests-kind">Kind</Label>
              <NativeSelect
                id="requests-kind"
                value={list.state.startedBy ?? ''}
                onChange={(event) =>
                  list.setFilter('startedBy', listSchema.shape.startedBy.catch(undefined).parse(event.target.value))
                }
              >
                <option value="">Offers and invitations</option>
                <option value="traveler">Offers</option>
                <option value="sender">Invitations</option>
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="requests-from">Created from</Label>
              <Input
                id="requests-from"
                type="date"
                value={list.state.from ?? ''}
                onChange={(event) => list.setFilter('from', event.target.value || undefined)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="requests-to">Created until</Label>
              <Input
                id="requests-to"
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
