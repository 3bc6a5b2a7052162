import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  type AuditEntry,
  auditActionSchema,
  auditActions,
  auditSubjectTypeSchema,
  auditSubjectTypes,
} from '#shared/audit.ts';
import { auditQueries } from '#web/api/admin-audit.ts';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useListState } from '#web/lib/list-state.ts';
import { auditActionWords, auditChanges, auditSubjectHref, auditSubjectWords } from '../components/audit-words.ts';

const day = z.iso.date();

// The log's filters, as the URL carries them: who, what, which record, when (docs/product.md §8).
const listSchema = z.object({
  actorId: z.uuid().optional(),
  action: auditActionSchema.optional(),
  subjectType: auditSubjectTypeSchema.optional(),
  subjectId: z.uuid().optional(),
  from: day.optional(),
  to: day.optional(),
});

/** The value if the schema takes it; anything else (the "any" option, a partial id) clears the filter. */
function valid<T>(schema: z.ZodType<T>, value: string): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A record's page, or the log filtered to it when the record has no page of its own. */
const rowHref = (entry: AuditEntry) =>
  auditSubjectHref(entry.subject.type, entry.subject.id) ??
  `/admin/audit-log?subjectType=${entry.subject.type}&subjectId=${encodeURIComponent(entry.subject.id)}`;

const column = dataTableColumns<AuditEntry>();
const columns = column.columns([
  column.accessor('action', {
    header: 'Action',
    cell: (c) => auditActionWords[c.getValue()],
    meta: { primary: true },
  }),
  column.accessor('createdAt', {
    header: 'When',
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
  }),
  column.accessor('actor', {
    header: 'Administrator',
    cell: (c) => {
      const actor = c.getValue();
      return actor ? (
        <span>
          <Link
            className="underline decoration-slate-400 underline-offset-2 hover:decoration-slate-900"
            to={`/admin/audit-log?actorId=${actor.id}`}
            aria-label={`Only the actions of ${actor.name}`}
          >
            {actor.name}
          </Link>
          <span className="block text-xs text-slate-600">{actor.email}</span>
        </span>
      ) : (
        'A former administrator'
      );
    },
  }),
  column.accessor('subject', {
    header: 'Record',
    cell: (c) => (
      <span>
        {auditSubjectWords[c.getValue().type]}{' '}
        <span className="font-mono text-xs text-slate-600">{c.getValue().id.slice(0, 8)}</span>
      </span>
    ),
  }),
  column.accessor('reason', { header: 'Reason', cell: (c) => c.getValue() ?? '—' }),
  column.display({
    id: 'changes',
    header: 'Changes',
    cell: (c) =>
      auditChanges(c.row.original.before, c.row.original.after)
        .map((change) => `${change.field}: ${change.from} → ${change.to}`)
        .join('; ') || '—',
    meta: { hideInCard: true },
  }),
]);

/** Every action administrators took, newest first, filtered by who, what, which record and when. */
export default function AuditLogPage() {
  const list = useListState(listSchema);
  const { actorId, action, subjectType, subjectId, from, to } = list.state;
  const query = useQuery(
    auditQueries.page({
      actorId,
      action,
      subjectType,
      subjectId: subjectType ? subjectId : undefined,
      from,
      to,
      cursor: list.page.cursor,
    }),
  );
  const actor = query.data?.items.find((entry) => entry.actor?.id === actorId)?.actor;
  const filtered = Object.values(list.state).some((value) => value !== undefined);

  return (
    <>
      <PageHeader lead="Every action administrators took on members, packages, payments, requests and trips: who, when, why, and what it changed. Entries are never edited or removed." />
      {actorId ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-slate-700">
          Actions by {actor ? `${actor.name} (${actor.email})` : 'one administrator'}
          <Button variant="secondary" size="sm" onClick={() => list.setFilter('actorId', undefined)}>
            Show every administrator
          </Button>
        </p>
      ) : null}
      <DataTable<AuditEntry>
        label="Audit log"
        noun={['entry', 'entries']}
        columns={columns}
        data={query.data?.items}
        getRowId={(entry) => entry.id}
        getRowHref={rowHref}
        status={query.status}
        isFetching={query.isFetching}
        onRetry={() => query.refetch()}
        empty={
          filtered
            ? {
                title: 'No entry matches',
                description: 'Try another action, record or period.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'Nothing in the log yet',
                description: 'Each administrator action is written here as it happens.',
              }
        }
        toolbar={
          <div className="grid w-full gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-action">Action</Label>
              <NativeSelect
                id="audit-action"
                value={action ?? ''}
                onChange={(event) => list.setFilter('action', valid(auditActionSchema, event.target.value))}
              >
                <option value="">Any action</option>
                {auditActions.map((name) => (
                  <option key={name} value={name}>
                    {auditActionWords[name]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-subject-type">Record</Label>
              <NativeSelect
                id="audit-subject-type"
                value={subjectType ?? ''}
                onChange={(event) => list.setFilter('subjectType', valid(auditSubjectTypeSchema, event.target.value))}
              >
                <option value="">Any record</option>
                {auditSubjectTypes.map((type) => (
                  <option key={type} value={type}>
                    {auditSubjectWords[type]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-subject-id">Record id</Label>
              <Input
                id="audit-subject-id"
                defaultValue={subjectId ?? ''}
                key={subjectId ?? ''}
                disabled={!subjectType}
                aria-describedby="audit-subject-id-hint"
                onBlur={(event) => list.setFilter('subjectId', valid(z.uuid(), event.target.value.trim()))}
              />
              <span id="audit-subject-id-hint" className="text-xs text-slate-600">
                {subjectType ? 'The full id, from the record’s page' : 'Choose the kind of record first'}
              </span>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-from">From</Label>
              <Input
                id="audit-from"
                type="date"
                value={from ?? ''}
                onChange={(event) => list.setFilter('from', event.target.value || undefined)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-to">Until</Label>
              <Input
                id="audit-to"
                type="date"
                value={to ?? ''}
                onChange={(event) => list.setFilter('to', event.target.value || undefined)}
              />
            </div>
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
