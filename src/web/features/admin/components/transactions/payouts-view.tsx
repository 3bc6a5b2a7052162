import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatMoney } from '#shared/money.ts';
import {
  type AdminPayout,
  PAYOUT_LIMITS,
  type PayoutStatus,
  payoutMethodLabel,
  payoutStatusLabel,
} from '#shared/payouts.ts';
import { adminPayoutQueries, payoutsCsvHref } from '#web/api/admin-payouts.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useListState } from '#web/lib/list-state.ts';
import { ExportLink } from '../export-link.tsx';
import { MarkPayoutSentDialog } from './mark-payout-sent-dialog.tsx';

// Payouts (docs/product.md §8): what travelers asked to be paid, sent by an administrator and marked
// sent here. A payout's full bank details are read only on an explicit click, each read audited.

const statusFilters = ['requested', 'sent', 'all'] as const;
type StatusFilter = (typeof statusFilters)[number];
const statusFilterWords: Record<StatusFilter, string> = { requested: 'Requested', sent: 'Sent', all: 'All' };
const statusVariant: Record<PayoutStatus, BadgeVariant> = { requested: 'warning', sent: 'success' };

/**
 * No status in the URL means the payouts to send; with `payout` (the audit log's link to one payout,
 * which may be sent already) it means all of them.
 */
export const payoutsSchema = z.object({
  status: z.enum(statusFilters).optional(),
  payout: z.uuid().optional(),
  /** Written when leaving the one payout: its link opens this view without saying so. */
  view: z.literal('payouts').optional(),
});

const money = (p: AdminPayout) => formatMoney(p.amount, p.currency);
const linkClass =
  'relative font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The full bank details, read from the server (and so written to the audit log) only when asked. */
function BankDetails({ payout }: { payout: AdminPayout }) {
  const [shown, setShown] = useState(false);
  const details = useQuery({ ...adminPayoutQueries.bankDetails(payout.id), enabled: shown });
  if (!shown) {
    return (
      <Button
        variant="link"
        size="sm"
        className="relative h-auto px-0"
        aria-label={`Show bank details: ${money(payout)} to ${payout.traveler.name}`}
        onClick={() => setShown(true)}
      >
        Show bank details
      </Button>
    );
  }
  if (details.isPending) return <span role="status">Loading bank details…</span>;
  if (details.isError) {
    return (
      <span role="alert" className="text-red-800">
        {describeError(details.error).message}
      </span>
    );
  }
  return (
    <dl className="relative grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      <dt className="text-slate-600">Holder</dt>
      <dd>{details.data.accountHolder}</dd>
      <dt className="text-slate-600">IBAN</dt>
      <dd className="font-mono break-all">{details.data.iban}</dd>
    </dl>
  );
}

function columnsFor(onMarkSent: (payout: AdminPayout) => void) {
  const column = dataTableColumns<AdminPayout>();
  return column.columns([
    column.accessor('traveler', {
      header: 'Traveler',
      cell: (c) => c.getValue().name,
      meta: { primary: true },
    }),
    column.accessor('amount', { header: 'Amount', meta: { align: 'end' }, cell: (c) => money(c.row.original) }),
    column.accessor('method', {
      header: 'Method',
      cell: (c) => (
        <span className="flex flex-col">
          <span>{payoutMethodLabel[c.getValue()]}</span>
          {c.row.original.stripeAccountId ? (
            <code className="text-xs break-all text-slate-600">{c.row.original.stripeAccountId}</code>
          ) : null}
        </span>
      ),
    }),
    column.accessor('bankLast4', {
      header: 'Bank account',
      meta: { className: 'sm:min-w-44' },
      cell: (c) =>
        c.row.original.method === 'bank' ? (
          <span className="flex flex-col items-start gap-1">
            <span>
              {c.getValue() ? (
                <>
                  <span aria-hidden="true">•••• </span>
                  <span className="sr-only">ending </span>
                  {c.getValue()}
                </>
              ) : (
                '—'
              )}
            </span>
            <BankDetails payout={c.row.original} />
          </span>
        ) : (
          '—'
        ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (c) => <Badge variant={statusVariant[c.getValue()]}>{payoutStatusLabel[c.getValue()]}</Badge>,
    }),
    column.accessor('reference', {
      header: 'Reference',
      cell: (c) => (c.getValue() ? <code className="text-xs break-all">{c.getValue()}</code> : '—'),
    }),
    column.accessor('createdAt', {
      header: 'Requested',
      cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    }),
    column.accessor('sentAt', {
      header: 'Sent',
      cell: (c) => {
        const at = c.getValue();
        const by = c.row.original.sentBy;
        if (!at) return '—';
        return (
          <span className="flex flex-col">
            <time dateTime={at}>{formatDateTime(at)}</time>
            {by ? (
              <span className="text-xs text-slate-600">
                by{' '}
                <Link to={`/admin/users/${by.id}`} className={linkClass}>
                  {by.name}
                </Link>
              </span>
            ) : null}
          </span>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: 'Action',
      cell: (c) =>
        c.row.original.status === 'requested' ? (
          <Button
            variant="secondary"
            size="sm"
            className="relative whitespace-nowrap"
            aria-label={`Mark sent: ${money(c.row.original)} to ${c.row.original.traveler.name}`}
            onClick={() => onMarkSent(c.row.original)}
          >
            Mark sent…
          </Button>
        ) : null,
    }),
  ]);
}

export function PayoutsView() {
  const list = useListState(payoutsSchema);
  const { payout: payoutId } = list.state;
  const status: StatusFilter = list.state.status ?? (payoutId ? 'all' : 'requested');
  const [marking, setMarking] = useState<AdminPayout | null>(null);
  const [columns] = useState(() => columnsFor(setMarking));
  const payouts = useQuery(
    adminPayoutQueries.list({
      status: status === 'all' ? undefined : status,
      cursor: payoutId ? undefined : (list.page.cursor ?? undefined),
      // The list cannot be asked for one payout: look for it among as many of the newest as a page holds.
      limit: payoutId ? PAYOUT_LIMITS.pageSizeMax : undefined,
    }),
  );
  const items = payoutId ? payouts.data?.items.filter((p) => p.id === payoutId) : payouts.data?.items;
  const showEvery = () => list.setFilters({ payout: undefined, view: 'payouts' });

  return (
    <div className="flex flex-col gap-3">
      <p className="max-w-prose text-sm text-slate-600">
        Send each requested payout, then mark it sent. Showing a payout's bank details is written to the audit log.
      </p>
      {payoutId ? (
        <p role="note" className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 p-3 text-sm text-slate-900">
          Showing only payout <code>{payoutId.slice(0, 8)}</code>.
          <Button variant="secondary" size="sm" onClick={showEvery}>
            Show every payout
          </Button>
        </p>
      ) : null}
      <DataTable<AdminPayout>
        label="Payouts"
        noun={['payout', 'payouts']}
        columns={columns}
        data={items}
        getRowId={(p) => p.id}
        getRowHref={(p) => `/admin/users/${p.traveler.id}`}
        status={payouts.status}
        isFetching={payouts.isFetching}
        onRetry={() => void payouts.refetch()}
        empty={
          payoutId
            ? {
                title: 'This payout is not among the newest',
                description: `It is not one of the ${PAYOUT_LIMITS.pageSizeMax} newest ${status === 'all' ? '' : `${statusFilterWords[status].toLowerCase()} `}payouts. Show every payout and page through them.`,
              }
            : status === 'requested'
              ? { title: 'No payouts to send', description: 'Payouts appear here when a traveler asks for one.' }
              : { title: 'No payouts match', description: 'Try another status.' }
        }
        toolbar={
          <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <FormField id="payouts-status" label="Status" className="sm:w-48">
              <NativeSelect
                value={status}
                onChange={(event) =>
                  list.setFilter('status', payoutsSchema.shape.status.catch(undefined).parse(event.target.value))
                }
              >
                {statusFilters.map((s) => (
                  <option key={s} value={s}>
                    {statusFilterWords[s]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <ExportLink
              href={payoutsCsvHref(status === 'all' ? undefined : status)}
              what="payouts as"
              className="self-start sm:self-auto"
            />
          </div>
        }
        paging={
          payoutId
            ? undefined
            : {
                kind: 'pages',
                hasPrevious: list.page.hasPrevious,
                hasNext: Boolean(payouts.data?.nextCursor),
                onPrevious: list.page.previous,
                onNext: () => (payouts.data?.nextCursor ? list.page.next(payouts.data.nextCursor) : undefined),
              }
        }
      />
      {marking ? <MarkPayoutSentDialog payout={marking} onClose={() => setMarking(null)} /> : null}
    </div>
  );
}
