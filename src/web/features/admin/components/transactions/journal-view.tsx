import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { type LedgerEntry, ledgerEntryListQuerySchema, ledgerExportQuerySchema } from '#shared/admin-money.ts';
import { type LedgerEntryKind, ledgerEntryKindLabel, ledgerEntryKinds } from '#shared/balances.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { adminLedgerQueries, journalCsvHref, type LedgerFilters } from '#web/api/admin-ledger.ts';
import { Button } from '#web/components/ui/button.tsx';
import { dataTableColumns } from '#web/components/ui/data-table/columns.ts';
import { DataTable } from '#web/components/ui/data-table/data-table.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useListState } from '#web/lib/list-state.ts';
import { ExportLink } from '../export-link.tsx';

// The journal (docs/product.md §8): every ledger entry with its balanced lines, newest first, filtered
// by account, member, package, payment, kind and period, and exported as CSV with the same filters.

const query = ledgerEntryListQuerySchema.shape;

/** The journal's filters as the URL carries them; a malformed one is no filter. */
export const journalSchema = z.object({
  account: query.account,
  memberId: query.memberId,
  packageId: query.packageId,
  paymentId: query.paymentId,
  kind: query.kind,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
type JournalState = z.output<typeof journalSchema>;

/** The typed filters, applied together when the administrator submits them. */
const textFilters = [
  { key: 'account', label: 'Account', hint: 'escrow, platform_fees, traveler:<member id>…' },
  { key: 'memberId', label: 'Member id', hint: 'Their traveler and sender accounts' },
  { key: 'packageId', label: 'Package id', hint: undefined },
  { key: 'paymentId', label: 'Payment id', hint: undefined },
] as const;
type TextKey = (typeof textFilters)[number]['key'];
type TextValues = Record<TextKey, string>;

// The shared labels speak to the traveler ("Payout to your bank"); here they name the movement.
const kindWords: Record<LedgerEntryKind, string> = { ...ledgerEntryKindLabel, payout: 'Payout to a traveler' };

const shortId = (id: string) => id.slice(0, 8);

/** The record an entry belongs to: its package, else its payout, else its payment. */
function recordOf(entry: LedgerEntry): { href: string; label: string } {
  if (entry.packageId) {
    return { href: `/admin/packages/${entry.packageId}`, label: `Package ${shortId(entry.packageId)}` };
  }
  if (entry.payoutId) {
    return {
      href: `/admin/transactions?payout=${encodeURIComponent(entry.payoutId)}`,
      label: `Payout ${shortId(entry.payoutId)}`,
    };
  }
  if (entry.paymentId) {
    return {
      href: `/admin/payments?q=${encodeURIComponent(entry.paymentId)}`,
      label: `Payment ${shortId(entry.paymentId)}`,
    };
  }
  return { href: `/admin/transactions?kind=${entry.kind}`, label: `Entry ${shortId(entry.id)}` };
}

/** A member's account (traveler:<id>, sender:<id>) belongs to that member's page. */
function memberOf(account: string): string | null {
  const match = /^(traveler|sender):([0-9a-f-]{36})$/i.exec(account);
  return match?.[2] ?? null;
}

/** Into the account is positive, out of it negative: the sign says which way the money went. */
export const signedMoney = (amount: number, currency: Currency) =>
  `${amount > 0 ? '+' : ''}${formatMoney(amount, currency)}`;

function EntryLines({ entry }: { entry: LedgerEntry }) {
  return (
    // Above the row's link, so each member's account is its own link.
    <ul aria-label="Lines" className="relative flex flex-col gap-1 sm:min-w-64">
      {entry.lines.map((line) => {
        const memberId = memberOf(line.account);
        return (
          <li key={`${line.account}:${line.amount}`} className="flex items-baseline justify-between gap-3">
            {memberId ? (
              <Link
                to={`/admin/users/${memberId}`}
                className="font-mono text-xs break-all text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {line.account}
              </Link>
            ) : (
              <span className="font-mono text-xs break-all text-slate-700">{line.account}</span>
            )}
            <span className="shrink-0 tabular-nums">{signedMoney(line.amount, entry.currency)}</span>
          </li>
        );
      })}
    </ul>
  );
}

const column = dataTableColumns<LedgerEntry>();
const columns = column.columns([
  column.accessor('createdAt', {
    header: 'Date',
    cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
    meta: { className: 'whitespace-nowrap' },
  }),
  column.accessor('kind', { header: 'Kind', cell: (c) => kindWords[c.getValue()] }),
  column.display({
    id: 'record',
    header: 'Record',
    cell: (c) => recordOf(c.row.original).label,
    meta: { primary: true, className: 'whitespace-nowrap' },
  }),
  column.accessor('memo', { header: 'Memo', meta: { className: 'sm:min-w-48' } }),
  column.accessor('currency', { header: 'Currency' }),
  column.display({ id: 'lines', header: 'Lines', cell: (c) => <EntryLines entry={c.row.original} /> }),
]);

/** The typed filters, kept as typed until applied; each is checked with the contract's own rule. */
function TextFilterForm({ values, onApply }: { values: TextValues; onApply: (values: Partial<JournalState>) => void }) {
  const [draft, setDraft] = useState(values);
  const [errors, setErrors] = useState<Partial<Record<TextKey, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Partial<JournalState> = {};
    const problems: Partial<Record<TextKey, string>> = {};
    for (const { key } of textFilters) {
      const typed = draft[key].trim();
      if (typed === '') continue;
      const parsed = journalSchema.shape[key].safeParse(typed);
      if (parsed.success) next[key] = parsed.data;
      else problems[key] = parsed.error.issues[0]?.message ?? 'Check this value';
    }
    setErrors(problems);
    const firstBad = textFilters.find(({ key }) => problems[key]);
    if (firstBad) {
      event.currentTarget.querySelector<HTMLInputElement>(`#journal-${firstBad.key}`)?.focus();
      return;
    }
    onApply({ account: undefined, memberId: undefined, packageId: undefined, paymentId: undefined, ...next });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Journal filters" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {textFilters.map(({ key, label, hint }) => (
          <FormField key={key} id={`journal-${key}`} label={label} hint={hint} error={errors[key]}>
            <Input
              value={draft[key]}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.value }))}
            />
          </FormField>
        ))}
      </div>
      <div>
        <Button type="submit" variant="secondary">
          Apply filters
        </Button>
      </div>
    </form>
  );
}

export function JournalView() {
  const list = useListState(journalSchema);
  const { account, memberId, packageId, paymentId, kind, from, to } = list.state;
  // The server refuses an end before the start: say so beside it, and leave the end out until fixed.
  const periodProblem = ledgerExportQuerySchema
    .safeParse({ from, to })
    .error?.issues.find((issue) => issue.path[0] === 'to')?.message;
  const filters: LedgerFilters = {
    account,
    memberId,
    packageId,
    paymentId,
    kind,
    from,
    to: periodProblem ? undefined : to,
  };
  const entries = useQuery(adminLedgerQueries.entries({ ...filters, cursor: list.page.cursor ?? undefined }));
  const filtered = Object.values(list.state).some((value) => value !== undefined);
  const clear = () =>
    list.setFilters({
      account: undefined,
      memberId: undefined,
      packageId: undefined,
      paymentId: undefined,
      kind: undefined,
      from: undefined,
      to: undefined,
    });
  const typed = {
    account: account ?? '',
    memberId: memberId ?? '',
    packageId: packageId ?? '',
    paymentId: paymentId ?? '',
  };

  return (
    <DataTable<LedgerEntry>
      label="Journal"
      noun={['entry', 'entries']}
      columns={columns}
      data={entries.data?.items}
      getRowId={(entry) => entry.id}
      getRowHref={(entry) => recordOf(entry).href}
      status={entries.status}
      isFetching={entries.isFetching}
      onRetry={() => void entries.refetch()}
      empty={
        filtered
          ? {
              title: 'No entries match',
              description: 'Try another account, kind or period.',
              action: (
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              ),
            }
          : {
              title: 'No entries yet',
              description: 'Entries appear here once money moves: a payment, a delivery, a refund or a payout.',
            }
      }
      toolbar={
        <div className="flex w-full flex-col gap-3">
          <TextFilterForm key={Object.values(typed).join('|')} values={typed} onApply={list.setFilters} />
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FormField id="journal-kind" label="Kind">
              <NativeSelect
                value={kind ?? ''}
                onChange={(event) =>
                  list.setFilter('kind', journalSchema.shape.kind.catch(undefined).parse(event.target.value))
                }
              >
                <option value="">Any kind</option>
                {ledgerEntryKinds.map((k) => (
                  <option key={k} value={k}>
                    {kindWords[k]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField id="journal-from" label="From">
              <Input
                type="date"
                value={from ?? ''}
                onChange={(event) => list.setFilter('from', event.target.value || undefined)}
              />
            </FormField>
            <FormField id="journal-to" label="To" error={periodProblem}>
              <Input
                type="date"
                value={to ?? ''}
                onChange={(event) => list.setFilter('to', event.target.value || undefined)}
              />
            </FormField>
            <div className="flex items-end">
              <ExportLink href={journalCsvHref(filters)} what="the journal as" />
            </div>
          </div>
        </div>
      }
      paging={{
        kind: 'pages',
        hasPrevious: list.page.hasPrevious,
        hasNext: Boolean(entries.data?.nextCursor),
        onPrevious: list.page.previous,
        onNext: () => (entries.data?.nextCursor ? list.page.next(entries.data.nextCursor) : undefined),
      }}
    />
  );
}
