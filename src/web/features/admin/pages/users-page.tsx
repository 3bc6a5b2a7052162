import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdminUser } from '#shared/admin-users.ts';
import { type AdminUserListParams, adminUserQueries } from '#web/api/admin-users.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDate } from '#web/lib/format.ts';
import { sortParam, useListState } from '#web/lib/list-state.ts';
import { kycStatusLabel, kycStatusVariant, MemberBadges } from '../components/users/member-badges.tsx';

// /admin/users (docs/product.md §8.3): every member, searched, filtered and ordered by the server.

const tabs = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'kyc_pending', label: 'KYC pending' },
  { value: 'banned', label: 'Banned' },
  { value: 'admins', label: 'Admins' },
] as const;
type Tab = (typeof tabs)[number]['value'];

const periods = [
  { value: 'any', label: 'Any time', days: null },
  { value: '7d', label: 'Last 7 days', days: 7 },
  { value: '30d', label: 'Last 30 days', days: 30 },
  { value: '365d', label: 'Last 12 months', days: 365 },
] as const;

export const usersListSchema = z.object({
  tab: z.enum(tabs.map((t) => t.value) as [Tab, ...Tab[]]).default('all'),
  joined: z.enum(['any', '7d', '30d', '365d']).default('any'),
  q: z.string().max(100).default(''),
  sort: sortParam(['joined', 'name', 'email'], '-joined'),
});
type ListView = z.output<typeof usersListSchema>;

const tabFilters: Record<Tab, AdminUserListParams> = {
  all: {},
  verified: { verified: 'true' },
  kyc_pending: { kycStatus: 'pending' },
  banned: { banned: 'true' },
  admins: { admin: 'true' },
};

/** The server's query for a view: the tab's filter, the period as a start date (the admin's day). */
export function listParams(view: ListView, cursor: string | null, today = new Date()): AdminUserListParams {
  const days = periods.find((p) => p.value === view.joined)?.days ?? null;
  let joinedFrom: string | undefined;
  if (days !== null) {
    const from = new Date(today);
    from.setDate(from.getDate() - days);
    joinedFrom = from.toISOString();
  }
  return {
    ...tabFilters[view.tab],
    ...(view.q ? { q: view.q } : {}),
    ...(joinedFrom ? { joinedFrom: joinedFrom.slice(0, 10) } : {}),
    sort: view.sort,
    ...(cursor ? { cursor } : {}),
  };
}

const column = dataTableColumns<AdminUser>();
const columns = column.columns([
  column.accessor('name', { header: 'Name', enableSorting: true, meta: { primary: true } }),
  column.accessor('email', { header: 'E-mail', enableSorting: true, meta: { className: 'break-all' } }),
  column.accessor('phoneNumber', { header: 'Phone', cell: (c) => c.getValue() ?? '—' }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: (c) => <MemberBadges user={c.row.original} />,
  }),
  column.accessor('kycStatus', {
    header: 'Identity check',
    cell: (c) => <Badge variant={kycStatusVariant[c.getValue()]}>{kycStatusLabel[c.getValue()]}</Badge>,
  }),
  column.accessor('joinedAt', {
    id: 'joined',
    header: 'Joined',
    enableSorting: true,
    sortDescFirst: true,
    cell: (c) => formatDate(c.getValue()),
  }),
]);

export default function UsersPage() {
  const list = useListState(usersListSchema);
  const params = listParams(list.state, list.page.cursor);
  const users = useQuery(adminUserQueries.list(params));
  const filtered = list.state.tab !== 'all' || list.state.joined !== 'any' || list.state.q !== '';

  return (
    <>
      <PageHeader lead="Every member: search and filter them, open one to see their record and act on their account." />
      <DataTable<AdminUser>
        label="Members"
        noun={['member', 'members']}
        columns={columns}
        data={users.data?.items}
        getRowId={(u) => u.id}
        getRowHref={(u) => `/admin/users/${u.id}`}
        status={users.status}
        isFetching={users.isFetching}
        onRetry={() => void users.refetch()}
        empty={
          filtered
            ? {
                title: 'No members match',
                description: 'Try another search, status or period.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'No members yet', description: 'Members appear here once they sign up.' }
        }
        tabs={{
          label: 'Member status',
          value: list.state.tab,
          onChange: (value) => list.setFilter('tab', usersListSchema.shape.tab.parse(value)),
          items: tabs,
        }}
        search={{
          label: 'Search members',
          placeholder: 'Name, e-mail, phone or id',
          value: list.searchText,
          onChange: list.setSearch,
        }}
        toolbar={
          <div className="flex flex-col gap-1.5 sm:w-48">
            <Label htmlFor="users-joined">Joined</Label>
            <NativeSelect
              id="users-joined"
              value={list.state.joined}
              onChange={(event) =>
                list.setFilter('joined', usersListSchema.shape.joined.catch('any').parse(event.target.value))
              }
            >
              {periods.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        }
        sort={{ value: list.sort, onChange: list.setSort }}
        total={users.data?.total}
        paging={{
          kind: 'pages',
          hasPrevious: list.page.hasPrevious,
          hasNext: Boolean(users.data?.nextCursor),
          onPrevious: list.page.previous,
          onNext: () => (users.data?.nextCursor ? list.page.next(users.data.nextCursor) : undefined),
        }}
      />
    </>
  );
}
