import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { type AdminTicketRow, supportTopicLabels } from '#shared/support.ts';
import { type AdminTicketListParams, adminSupportQueries } from '#web/api/admin-support.ts';
import { TicketStatusBadge } from '#web/components/support-ticket/ticket-thread.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useListState } from '#web/lib/list-state.ts';
import { ageOf } from '../lib/age.ts';

// The support queue (docs/product.md §13): what members and visitors wrote to the team, the tickets
// waiting on the team by default, filtered in the URL. A new message refreshes it live (src/web/app/live-refresh.ts).

const listSchema = z.object({
  status: z.enum(['open', 'answered', 'closed', 'all']).default('open'),
  assignee: z.enum(['me', 'none']).optional(),
});

const tabs = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
] as const;

const linkClass =
  'relative font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

const column = dataTableColumns<AdminTicketRow>();
const columns = column.columns([
  column.accessor('number', { header: 'Ticket', cell: (c) => `#${c.getValue()}`, meta: { primary: true } }),
  column.display({
    id: 'from',
    header: 'From',
    cell: (c) => {
      const t = c.row.original;
      return (
        <span className="flex min-w-0 flex-col">
          {t.member ? (
            // Above the row's link, which covers the row.
            <Link to={`/admin/users/${t.member.id}`} className={linkClass}>
              {t.member.name}
            </Link>
          ) : (
            <span>{t.name ?? 'Visitor'}</span>
          )}
          <span className="break-all text-xs text-slate-600">{t.email}</span>
        </span>
      );
    },
  }),
  column.accessor('topic', { header: 'Topic', cell: (c) => supportTopicLabels[c.getValue()] }),
  column.accessor('preview', {
    header: 'Message',
    meta: { className: 'max-w-64' },
    cell: (c) => <span className="line-clamp-2 break-words">{c.getValue()}</span>,
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (c) => <TicketStatusBadge status={c.getValue()} audience="team" />,
  }),
  column.accessor('assignee', {
    header: 'Assigned to',
    cell: (c) => c.getValue()?.name ?? <span className="text-slate-600">Unassigned</span>,
  }),
  column.accessor('lastMessageAt', {
    header: 'Waiting',
    cell: (c) =>
      c.row.original.status === 'closed' ? (
        '—'
      ) : (
        <time dateTime={c.getValue()} title={formatDateTime(c.getValue())}>
          {ageOf(c.getValue())}
        </time>
      ),
  }),
]);

export default function SupportPage() {
  const list = useListState(listSchema);
  const { status, assignee } = list.state;
  const params: AdminTicketListParams = {
    status,
    ...(assignee ? { assignee } : {}),
    ...(list.page.cursor ? { cursor: list.page.cursor } : {}),
  };
  const query = useQuery({ ...adminSupportQueries.list(params), placeholderData: keepPreviousData });
  const filtered = status !== 'open' || assignee !== undefined;

  return (
    <>
      <PageHeader lead="Messages from members and visitors. Open tickets wait on the team; answered ones wait on the person who wrote." />
      <DataTable<AdminTicketRow>
        label="Support tickets"
        noun={['ticket', 'tickets']}
        columns={columns}
        data={query.data?.items}
        getRowId={(t) => t.id}
        getRowHref={(t) => `/admin/support/${t.id}`}
        status={query.status}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? {
                title: 'No tickets match',
                description: 'Try another status or assignee.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'Nobody is waiting', description: 'Every message has an answer. New ones appear here.' }
        }
        tabs={{
          label: 'Ticket status',
          value: status,
          onChange: (value) => list.setFilter('status', listSchema.shape.status.parse(value)),
          items: tabs,
        }}
        toolbar={
          <div className="flex flex-col gap-1.5 sm:w-48">
            <Label htmlFor="support-assignee">Assigned to</Label>
            <NativeSelect
              id="support-assignee"
              value={assignee ?? ''}
              onChange={(event) =>
                list.setFilter('assignee', listSchema.shape.assignee.catch(undefined).parse(event.target.value))
              }
            >
              <option value="">Anyone</option>
              <option value="me">Me</option>
              <option value="none">Unassigned</option>
            </NativeSelect>
          </div>
        }
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
