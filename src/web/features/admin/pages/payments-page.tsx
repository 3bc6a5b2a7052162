import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { type AdminPayment, type AdminPaymentSort, refundStage } from '#shared/admin-money.ts';
import { formatMoney } from '#shared/money.ts';
import { type PaymentStatus, paymentProviders, paymentStatuses } from '#shared/payments.ts';
import { type AdminPaymentListParams, adminPaymentQueries, paymentsCsvHref } from '#web/api/admin-payments.ts';
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { CheckboxField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { sortParam, useListState } from '#web/lib/list-state.ts';
import { ExportLink } from '../components/export-link.tsx';
import { ReconciliationDialog } from '../components/reconciliation-dialog.tsx';
import { RefundPaymentDialog } from '../components/refund-payment-dialog.tsx';
import { parseMajorAmount } from '../lib/amounts.ts';
import { paymentStatusWords } from '../lib/payment-words.ts';

// The back office's payments (docs/product.md §8): every payment into escrow with what is refunded
// and still held, filtered and ordered by the server, and a refund per row (§5.5).

const statusVariant: Record<PaymentStatus, BadgeVariant> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  refunded: 'neutral',
  partially_refunded: 'warning',
  amount_mismatch: 'danger',
};
const providerWords = { sandbox: 'Sandbox', stripe: 'Stripe' } as const;

const tabs = [
  { value: 'all', label: 'All' },
  ...paymentStatuses.map((s) => ({ value: s, label: paymentStatusWords[s] })),
];

const amountText = z
  .string()
  .refine((t) => parseMajorAmount(t) !== null)
  .optional();
const listSchema = z.object({
  status: z.enum(['all', ...paymentStatuses]).default('all'),
  provider: z.enum(paymentProviders).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Major units, as typed; the server gets minor units. */
  min: amountText,
  max: amountText,
  q: z.string().max(255).default(''),
  /** The dashboard's "Failed automatic refunds" lands here. */
  refundFailed: z.literal('true').optional(),
  sort: sortParam(['created', 'amount'], '-created'),
});
type ListView = z.output<typeof listSchema>;

const toMinor = (text: string | undefined) => (text === undefined ? undefined : (parseMajorAmount(text) ?? undefined));

/** The URL's view as the server's query. */
export function paymentListParams(view: ListView, cursor: string | null): AdminPaymentListParams {
  return {
    status: view.status === 'all' ? undefined : view.status,
    provider: view.provider,
    createdFrom: view.from,
    createdTo: view.to,
    minAmount: toMinor(view.min),
    maxAmount: toMinor(view.max),
    q: view.q || undefined,
    refundFailed: view.refundFailed,
    sort: view.sort as AdminPaymentSort,
    cursor: cursor ?? undefined,
  };
}

const money = (p: AdminPayment, amount: number) => formatMoney(amount, p.currency);

function columnsFor(onRefund: (payment: AdminPayment) => void, onCheck: (payment: AdminPayment) => void) {
  const column = dataTableColumns<AdminPayment>();
  return column.columns([
    column.accessor('packageTitle', { header: 'Package', meta: { primary: true } }),
    column.accessor('kind', {
      header: 'Kind',
      cell: (c) => (c.getValue() === 'top_up' ? <Badge variant="info">Difference</Badge> : 'Package'),
    }),
    column.accessor('amount', {
      id: 'amount',
      header: 'Amount',
      enableSorting: true,
      sortDescFirst: true,
      meta: { align: 'end' },
      cell: (c) => money(c.row.original, c.getValue()),
    }),
    column.accessor('refundedAmount', {
      header: 'Refunded',
      meta: { align: 'end' },
      cell: (c) => money(c.row.original, c.getValue()),
    }),
    column.accessor('held', {
      header: 'Held',
      meta: { align: 'end' },
      cell: (c) => money(c.row.original, c.getValue()),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (c) => {
        const failure = c.row.original.refundFailure;
        return (
          <span className="flex flex-col items-start gap-1">
            <Badge variant={statusVariant[c.getValue()]}>{paymentStatusWords[c.getValue()]}</Badge>
            {failure ? (
              <>
                <Badge variant="danger">Automatic refund failed</Badge>
                <span className="max-w-56 text-xs text-slate-600">
                  {formatDateTime(failure.at)}: {failure.reason}
                </span>
              </>
            ) : null}
          </span>
        );
      },
    }),
    column.accessor('sender', {
      header: 'Sender',
      cell: (c) => (
        <Link
          to={`/admin/users/${c.getValue().id}`}
          className="relative font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {c.getValue().name}
        </Link>
      ),
    }),
    column.accessor('provider', {
      header: 'Provider',
      meta: { className: 'max-w-56' },
      cell: (c) => {
        const ref = c.row.original.providerPaymentRef ?? c.row.original.providerRef;
        return (
          <span className="flex flex-col">
            <span>{providerWords[c.getValue()]}</span>
            {ref ? <code className="break-all text-xs text-slate-600">{ref}</code> : null}
          </span>
        );
      },
    }),
    column.accessor('createdAt', {
      id: 'created',
      header: 'Created',
      enableSorting: true,
      sortDescFirst: true,
      cell: (c) => formatDateTime(c.getValue()),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (c) => {
        const p = c.row.original;
        const after = refundStage(p.packageStatus) === 'after_pickup';
        return (
          <span className="flex flex-wrap items-center gap-2">
            {p.refundable <= 0 ? (
              <span className="text-slate-600">Nothing to refund</span>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                className="relative"
                aria-label={`Refund ${p.packageTitle}${after ? ' (after pickup: through a dispute)' : ''}`}
                onClick={() => onRefund(p)}
              >
                Refund…
              </Button>
            )}
            <Button
              variant="secondary"
              size="sm"
              className="relative"
              aria-label={`Check at provider: ${p.packageTitle}`}
              onClick={() => onCheck(p)}
            >
              Check at provider
            </Button>
          </span>
        );
      },
    }),
  ]);
}

/** Min and max in major units, written to the URL when the admin applies them. */
function AmountFilter({
  min,
  max,
  onApply,
}: {
  min?: string;
  max?: string;
  onApply: (min: string, max: string) => void;
}) {
  const [from, setFrom] = useState(min ?? '');
  const [to, setTo] = useState(max ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(from.trim(), to.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Amount" className="flex flex-wrap items-end gap-2">
      <div className="flex w-28 flex-col gap-1.5">
        <Label htmlFor="payments-min">Min amount</Label>
        <Input id="payments-min" inputMode="decimal" value={from} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="flex w-28 flex-col gap-1.5">
        <Label htmlFor="payments-max">Max amount</Label>
        <Input id="payments-max" inputMode="decimal" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}

export default function PaymentsPage() {
  const list = useListState(listSchema);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [checking, setChecking] = useState<AdminPayment | null>(null);
  const [columns] = useState(() => columnsFor(setRefunding, setChecking));
  const params = paymentListParams(list.state, list.page.cursor);
  const query = useQuery(adminPaymentQueries.list(params));
  const page = query.data;
  const { status: _status, sort: _sort, q: _q, ...filters } = list.state;
  const filtered =
    list.state.status !== 'all' || list.state.q !== '' || Object.values(filters).some((v) => v !== undefined);

  return (
    <>
      <PageHeader
        lead="Every payment into escrow, what was refunded and what is still held. Refund from a row."
        actions={<ExportLink href={paymentsCsvHref(params)} what="payments as" />}
      />
      <DataTable<AdminPayment>
        label="Payments"
        noun={['payment', 'payments']}
        columns={columns}
        data={page?.items}
        getRowId={(p) => p.id}
        getRowHref={(p) => `/admin/packages/${p.packageId}`}
        status={query.status}
        isFetching={query.isFetching}
        onRetry={() => void query.refetch()}
        empty={
          filtered
            ? {
                title: 'No payments match',
                description: 'Try another status, search or filter.',
                action: (
                  <Button variant="secondary" onClick={list.reset}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: 'No payments yet', description: 'Payments appear here once a sender pays for a package.' }
        }
        tabs={{
          label: 'Payment status',
          value: list.state.status,
          onChange: (value) => list.setFilter('status', listSchema.shape.status.catch('all').parse(value)),
          items: tabs,
        }}
        search={{
          label: 'Search payments',
          placeholder: 'Payment id, package id or provider reference',
          value: list.searchText,
          onChange: list.setSearch,
        }}
        toolbar={
          <>
            <div className="flex flex-col gap-1.5 sm:w-36">
              <Label htmlFor="payments-provider">Provider</Label>
              <NativeSelect
                id="payments-provider"
                value={list.state.provider ?? ''}
                onChange={(e) =>
                  list.setFilter('provider', listSchema.shape.provider.catch(undefined).parse(e.target.value))
                }
              >
                <option value="">Any provider</option>
                {paymentProviders.map((p) => (
                  <option key={p} value={p}>
                    {providerWords[p]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1.5 sm:w-40">
              <Label htmlFor="payments-from">Created from</Label>
              <Input
                id="payments-from"
                type="date"
                value={list.state.from ?? ''}
                onChange={(e) => list.setFilter('from', e.target.value || undefined)}
              />
            </div>
            <div className="flex flex-col gap-1.5 sm:w-40">
              <Label htmlFor="payments-to">Created to</Label>
              <Input
                id="payments-to"
                type="date"
                value={list.state.to ?? ''}
                onChange={(e) => list.setFilter('to', e.target.value || undefined)}
              />
            </div>
            <CheckboxField id="payments-refund-failed" label="Failed automatic refunds only" className="self-end pb-2">
              <input
                type="checkbox"
                className="size-4"
                checked={list.state.refundFailed === 'true'}
                onChange={(e) => list.setFilter('refundFailed', e.target.checked ? 'true' : undefined)}
              />
            </CheckboxField>
            <AmountFilter
              key={`${list.state.min ?? ''}-${list.state.max ?? ''}`}
              min={list.state.min}
              max={list.state.max}
              onApply={(min, max) => list.setFilters({ min: min || undefined, max: max || undefined })}
            />
          </>
        }
        sort={{ value: list.sort, onChange: (sort) => list.setSort(sort) }}
        total={page?.total}
        paging={{
          kind: 'pages',
          hasPrevious: list.page.hasPrevious,
          hasNext: Boolean(page?.nextCursor),
          onPrevious: list.page.previous,
          onNext: () => (page?.nextCursor ? list.page.next(page.nextCursor) : undefined),
        }}
      />
      {refunding ? <RefundPaymentDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
      {checking ? <ReconciliationDialog payment={checking} onClose={() => setChecking(null)} /> : null}
    </>
  );
}
