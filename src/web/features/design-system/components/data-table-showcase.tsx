import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDate } from '#web/lib/format.ts';
import { sortParam, useListState } from '#web/lib/list-state.ts';
import { ShowcaseGroup, ShowcaseSection } from './showcase-section.tsx';

type SampleStatus = 'verified' | 'pending' | 'suspended';

interface SampleMember {
  id: string;
  name: string;
  email: string;
  country: string;
  status: SampleStatus;
  trips: number;
  joinedAt: string;
}

const names = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Frances Allen',
  'John Backus',
  'Radia Perlman',
  'Ken Thompson',
  'Margaret Hamilton',
];
const countries = ['France', 'Germany', 'Portugal'] as const;
const statuses: SampleStatus[] = ['verified', 'verified', 'pending', 'verified', 'suspended'];

// Sample data, not real members. Each id is a uuid so the rows link where the back office's users
// screen will: /admin/users/{id}.
const sampleMembers: SampleMember[] = names.map((name, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  country: countries[i % countries.length] as string,
  status: statuses[i % statuses.length] as SampleStatus,
  trips: (i * 7) % 13,
  joinedAt: new Date(Date.UTC(2026, i % 12, 1 + ((i * 5) % 27))).toISOString(),
}));

const statusWords: Record<SampleStatus, string> = { verified: 'Verified', pending: 'Pending', suspended: 'Suspended' };
const statusVariant = { verified: 'success', pending: 'warning', suspended: 'danger' } as const;

const tabs = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'pending', label: 'Pending' },
  { value: 'suspended', label: 'Suspended' },
] as const;

const listSchema = z.object({
  status: z.enum(['all', 'verified', 'pending', 'suspended']).default('all'),
  country: z.enum(countries).optional(),
  q: z.string().max(100).default(''),
  sort: sortParam(['name', 'trips', 'joinedAt'], '-joinedAt'),
});

const column = dataTableColumns<SampleMember>();
const columns = column.columns([
  column.accessor('name', { header: 'Name', enableSorting: true }),
  column.accessor('email', { header: 'Email' }),
  column.accessor('country', { header: 'Country' }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => <Badge variant={statusVariant[c.getValue()]}>{statusWords[c.getValue()]}</Badge>,
  }),
  column.accessor('trips', { header: 'Trips', enableSorting: true, sortDescFirst: true, meta: { align: 'end' } }),
  column.accessor('joinedAt', {
    header: 'Joined',
    enableSorting: true,
    sortDescFirst: true,
    cell: (c) => formatDate(c.getValue()),
  }),
]);

const pageSize = 5;

type Preview = 'data' | 'loading' | 'error';

/** What a server would answer for this view: filtered, ordered, one page from the cursor on. */
function answer(state: z.output<typeof listSchema>, sort: { id: string; desc: boolean } | null, cursor: string | null) {
  const q = state.q.toLowerCase();
  const matching = sampleMembers.filter(
    (m) =>
      (state.status === 'all' || m.status === state.status) &&
      (!state.country || m.country === state.country) &&
      (!q || m.name.toLowerCase().includes(q) || m.email.includes(q)),
  );
  if (sort) {
    const key = sort.id as 'name' | 'trips' | 'joinedAt';
    matching.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (sort.desc ? -1 : 1));
  }
  const start = Math.max(0, Number.parseInt(cursor ?? '0', 10) || 0);
  const items = matching.slice(start, start + pageSize);
  const nextCursor = start + pageSize < matching.length ? String(start + pageSize) : null;
  return { items, nextCursor, total: matching.length };
}

export function DataTableShowcase() {
  const list = useListState(listSchema);
  const [preview, setPreview] = useState<Preview>('data');
  const page = useMemo(
    () => answer(list.state, list.sort, list.page.cursor),
    [list.state, list.sort, list.page.cursor],
  );
  const filtered = list.state.status !== 'all' || list.state.country !== undefined || list.state.q !== '';

  return (
    <ShowcaseSection
      id="data-table"
      title="Data table"
      description="Every back-office list: status tabs, search and filters kept in the URL (this page's address changes as you use it, so a view is a link), sortable headers, cursor pages with a count, and one card per row below 640 px."
    >
      <div className="mb-4 flex max-w-60 flex-col gap-1.5">
        <Label htmlFor="data-table-preview">Show</Label>
        <NativeSelect
          id="data-table-preview"
          value={preview}
          onChange={(event) => setPreview(event.target.value as Preview)}
        >
          <option value="data">Sample data</option>
          <option value="loading">Loading</option>
          <option value="error">Error</option>
        </NativeSelect>
      </div>
      <ShowcaseGroup title="Members (sample data)">
        <DataTable<SampleMember>
          label="Sample members"
          noun={['member', 'members']}
          columns={columns}
          data={preview === 'data' ? page.items : undefined}
          getRowId={(m) => m.id}
          getRowHref={(m) => `/admin/users/${m.id}`}
          status={preview === 'loading' ? 'pending' : preview === 'error' ? 'error' : 'success'}
          onRetry={() => setPreview('data')}
          headingLevel={3}
          empty={
            filtered
              ? {
                  title: 'No members match',
                  description: 'Try another search or status.',
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
            value: list.state.status,
            onChange: (value) => list.setFilter('status', listSchema.shape.status.parse(value)),
            items: tabs,
          }}
          search={{
            label: 'Search members',
            placeholder: 'Name or e-mail',
            value: list.searchText,
            onChange: list.setSearch,
          }}
          toolbar={
            <div className="flex flex-col gap-1.5 sm:w-48">
              <Label htmlFor="data-table-country">Country</Label>
              <NativeSelect
                id="data-table-country"
                value={list.state.country ?? ''}
                onChange={(event) =>
                  list.setFilter('country', listSchema.shape.country.catch(undefined).parse(event.target.value))
                }
              >
                <option value="">Any country</option>
                {countries.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </NativeSelect>
            </div>
          }
          sort={{ value: list.sort, onChange: list.setSort }}
          total={{ count: page.total }}
          paging={{
            kind: 'pages',
            hasPrevious: list.page.hasPrevious,
            hasNext: page.nextCursor !== null,
            onPrevious: list.page.previous,
            onNext: () => (page.nextCursor ? list.page.next(page.nextCursor) : undefined),
          }}
        />
      </ShowcaseGroup>
    </ShowcaseSection>
  );
}
