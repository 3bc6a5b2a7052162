// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerBalances, LedgerEntry, LedgerEntryPage } from '#shared/admin-money.ts';
import type { AdminPayout, AdminPayoutPage } from '#shared/payouts.ts';
import { apiError, MockResponse, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import TransactionsPage from './transactions-page.tsx';

// The transactions screen against a stubbed API: the journal's states, its lines and links, its
// filters reaching both the request and the CSV link; the payouts to send, marking one sent (the body,
// a refusal's words, the button while in flight) and revealing bank details only on a click; the
// balances; and the view kept in the address.

const ENTRIES = 'GET /api/admin/ledger/entries';
const BALANCES = 'GET /api/admin/ledger/balances';
const PAYOUTS = 'GET /api/admin/payouts';

const PACKAGE = 'a1000000-0000-4000-8000-000000000001';
const PAYMENT = 'b2000000-0000-4000-8000-000000000001';
const SENDER = 'c3000000-0000-4000-8000-000000000001';
const TRAVELER = 'd4000000-0000-4000-8000-000000000001';
const PAYOUT = 'e5000000-0000-4000-8000-000000000001';
const STRIPE_PAYOUT = 'e5000000-0000-4000-8000-000000000002';
const SENT_PAYOUT = 'e5000000-0000-4000-8000-000000000003';
const ADA = { id: 'f6000000-0000-4000-8000-000000000001', name: 'Ada Admin' };

const entry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: crypto.randomUUID(),
  kind: 'payment_received',
  currency: 'EUR',
  memo: 'Payment for Books for Berlin',
  packageId: PACKAGE,
  paymentId: PAYMENT,
  payoutId: null,
  createdBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lines: [
    { account: `sender:${SENDER}`, amount: -2750 },
    { account: 'escrow', amount: 2750 },
  ],
  ...over,
});
const payoutEntry = entry({
  kind: 'payout',
  memo: 'Payout requested',
  packageId: null,
  paymentId: null,
  payoutId: PAYOUT,
  lines: [
    { account: `traveler:${TRAVELER}`, amount: -1200 },
    { account: 'payouts', amount: 1200 },
  ],
});
const entries = (items: LedgerEntry[], nextCursor: string | null = null): LedgerEntryPage => ({ items, nextCursor });

const payout = (over: Partial<AdminPayout> = {}): AdminPayout => ({
  id: PAYOUT,
  amount: 1200,
  currency: 'EUR',
  status: 'requested',
  method: 'bank',
  bankLast4: '3000',
  stripeAccountId: null,
  createdAt: '2026-11-21T09:00:00.000Z',
  sentAt: null,
  traveler: { id: TRAVELER, name: 'Tom Traveler', email: 'tom@example.test' },
  reference: null,
  sentBy: null,
  ...over,
});
const stripePayout = payout({
  id: STRIPE_PAYOUT,
  amount: 4000,
  method: 'stripe_connect',
  bankLast4: null,
  stripeAccountId: 'acct_1032D82eZvKYlo2C',
  traveler: { id: TRAVELER, name: 'Tom Traveler', email: 'tom@example.test' },
});
const sentPayout = payout({
  id: SENT_PAYOUT,
  amount: 900,
  status: 'sent',
  sentAt: '2026-11-22T15:00:00.000Z',
  sentBy: ADA,
  reference: 'BANK-REF-77',
});
const payouts = (items: AdminPayout[]): AdminPayoutPage => ({ items, nextCursor: null });

const balances: LedgerBalances = {
  platform: [
    { account: 'escrow', currency: 'EUR', balance: 2750 },
    { account: 'platform_fees', currency: 'EUR', balance: 250 },
  ],
  members: [
    { kind: 'sender', currency: 'EUR', balance: -3000, accounts: 2 },
    { kind: 'traveler', currency: 'EUR', balance: 1200, accounts: 1 },
  ],
};

const show = (url = '/admin/transactions') =>
  renderPage(<TransactionsPage />, { url, path: '/admin/transactions', title: 'Transactions' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The table once its rows have come (both layouts are in the page; jsdom applies no CSS: read the table). */
async function loadedTable(name: string) {
  return screen.findByRole('table', { name, busy: false });
}

const gets = (calls: { method: string; url: URL }[], path: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === path);

describe('the journal', () => {
  it('is the default view, and says it is loading', async () => {
    mockApi({ [ENTRIES]: never });
    const { container } = show();
    expect(screen.getByRole('tab', { name: 'Journal', selected: true })).toBeTruthy();
    expect((await screen.findByRole('status')).textContent).toBe('Loading entries…');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when it cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({ [ENTRIES]: () => (fail ? apiError(500, 'INTERNAL') : entries([entry()])) });
    const { container } = show();
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load the entries.");
    expect(await seriousViolations(container)).toEqual([]);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('link', { name: 'Package a1000000' })).not.toHaveLength(0);
  });

  it('says when there is nothing yet, and offers to clear filters that hide everything', async () => {
    const calls = mockApi({ [ENTRIES]: () => entries([]) });
    const { container } = show();
    expect(await screen.findByRole('heading', { name: 'No entries yet' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    show('/admin/transactions?kind=refund');
    expect(await screen.findByRole('heading', { name: 'No entries match' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(gets(calls, '/api/admin/ledger/entries').at(-1)?.url.search).toBe(''));
  });

  it('shows each entry with its balanced lines, linked to its package and its members', async () => {
    mockApi({ [ENTRIES]: () => entries([entry(), payoutEntry], 'next-page') });
    const { container } = show();
    const table = await loadedTable('Journal');
    const row = within(table).getByRole('link', { name: 'Package a1000000' }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Package a1000000' }).getAttribute('href')).toBe(
      `/admin/packages/${PACKAGE}`,
    );
    expect(within(row).getByText('Payment received')).toBeTruthy();
    expect(within(row).getByText('Payment for Books for Berlin')).toBeTruthy();
    expect(within(row).getByText('EUR')).toBeTruthy();
    const lines = within(row).getByRole('list', { name: 'Lines' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`sender:${SENDER}-€27.50`, 'escrow+€27.50']);
    expect(
      within(lines)
        .getByRole('link', { name: `sender:${SENDER}` })
        .getAttribute('href'),
    ).toBe(`/admin/users/${SENDER}`);

    const payoutRow = within(table).getByRole('link', { name: 'Payout e5000000' }).closest('tr') as HTMLElement;
    expect(within(payoutRow).getByRole('link', { name: 'Payout e5000000' }).getAttribute('href')).toBe(
      `/admin/transactions?payout=${PAYOUT}`,
    );
    expect(within(payoutRow).getByText('Payout to a traveler')).toBeTruthy();
    expect(
      within(payoutRow)
        .getByRole('link', { name: `traveler:${TRAVELER}` })
        .getAttribute('href'),
    ).toBe(`/admin/users/${TRAVELER}`);
    expect(screen.getByText('2 shown')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Next/ })).toHaveProperty('disabled', false);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('sends the filters of the address and of the controls to the server and into the CSV link', async () => {
    const calls = mockApi({ [ENTRIES]: () => entries([entry()]) });
    show(`/admin/transactions?packageId=${PACKAGE}&from=2026-11-01`);
    await loadedTable('Journal');
    expect(gets(calls, '/api/admin/ledger/entries')[0]?.url.searchParams.get('packageId')).toBe(PACKAGE);
    expect(screen.getByLabelText('Package id')).toHaveProperty('value', PACKAGE);
    const csv = () => screen.getByRole('link', { name: 'Export the journal as CSV' });
    expect(csv().getAttribute('href')).toBe(`/api/admin/ledger/entries.csv?packageId=${PACKAGE}&from=2026-11-01`);
    expect(csv().hasAttribute('download')).toBe(true);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Account'), `traveler:${TRAVELER}`);
    await user.type(screen.getByLabelText('Member id'), SENDER);
    await user.type(screen.getByLabelText('Payment id'), 'not-an-id');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    // A malformed id is refused beside its field, and nothing is sent.
    expect(screen.getByLabelText('Payment id').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This is not a payment id')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Payment id'));
    expect(gets(calls, '/api/admin/ledger/entries').at(-1)?.url.searchParams.get('account')).toBeNull();

    await user.clear(screen.getByLabelText('Payment id'));
    await user.type(screen.getByLabelText('Payment id'), `${PAYMENT}{Enter}`);
    await user.selectOptions(screen.getByLabelText('Kind'), 'Refund, fee kept');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(gets(calls, '/api/admin/ledger/entries').at(-1)?.url.searchParams.get('to')).toBe('2026-11-30'),
    );
    const sent = gets(calls, '/api/admin/ledger/entries').at(-1)?.url.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      account: `traveler:${TRAVELER}`,
      memberId: SENDER,
      packageId: PACKAGE,
      paymentId: PAYMENT,
      kind: 'refund_minus_fee',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    const exported = new URL(csv().getAttribute('href') ?? '', 'http://app.test');
    expect(exported.pathname).toBe('/api/admin/ledger/entries.csv');
    expect(Object.fromEntries(exported.searchParams)).toEqual(Object.fromEntries(sent ?? []));
  });

  it('says an end before the start is wrong, and leaves it out of the request', async () => {
    const calls = mockApi({ [ENTRIES]: () => entries([entry()]) });
    show('/admin/transactions?from=2026-11-20&to=2026-11-01');
    await loadedTable('Journal');
    expect(screen.getByText('Choose an end after the start')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    const sent = gets(calls, '/api/admin/ledger/entries')[0]?.url.searchParams;
    expect(sent?.get('from')).toBe('2026-11-20');
    expect(sent?.has('to')).toBe(false);
  });
});

describe('the views', () => {
  it('keeps the view in the address and switches by keyboard', async () => {
    mockApi({
      [ENTRIES]: () => entries([entry()]),
      [PAYOUTS]: () => payouts([payout()]),
      [BALANCES]: () => balances,
    });
    const { router } = show();
    await loadedTable('Journal');
    const user = userEvent.setup();
    screen.getByRole('tab', { name: 'Journal' }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByRole('tab', { name: 'Payouts', selected: true })).toBeTruthy();
    expect(router.state.location.search).toBe('?view=payouts');
    await loadedTable('Payouts');
    await user.click(screen.getByRole('tab', { name: 'Balances' }));
    expect(router.state.location.search).toBe('?view=balances');
    expect(await screen.findByRole('heading', { name: 'Platform accounts' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Journal' }));
    expect(router.state.location.search).toBe('');
  });
});

describe('the payouts', () => {
  it('lists the payouts to send, with their traveler, money and bank account, and exports them', async () => {
    const calls = mockApi({ [PAYOUTS]: () => payouts([payout(), stripePayout]) });
    const { container } = show('/admin/transactions?view=payouts');
    const table = await loadedTable('Payouts');
    expect(gets(calls, '/api/admin/payouts')[0]?.url.searchParams.get('status')).toBe('requested');
    const row = within(table).getByRole('button', { name: 'Mark sent: €12.00 to Tom Traveler' }).closest('tr');
    const cells = within(row as HTMLElement);
    expect(cells.getByRole('link', { name: 'Tom Traveler' }).getAttribute('href')).toBe(`/admin/users/${TRAVELER}`);
    expect(cells.getByText('Bank account')).toBeTruthy();
    expect(cells.getByText('3000')).toBeTruthy();
    expect(cells.getByText('Requested')).toBeTruthy();
    expect(within(table).getByText('acct_1032D82eZvKYlo2C')).toBeTruthy();
    const csv = screen.getByRole('link', { name: 'Export payouts as CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/payouts.csv?status=requested');
    expect(await seriousViolations(container)).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(gets(calls, '/api/admin/payouts').at(-1)?.url.searchParams.has('status')).toBe(false));
    expect(screen.getByRole('link', { name: 'Export payouts as CSV' }).getAttribute('href')).toBe(
      '/api/admin/payouts.csv',
    );
  });

  it('shows who sent a sent payout, with its reference, and offers nothing to do', async () => {
    mockApi({ [PAYOUTS]: () => payouts([sentPayout]) });
    show('/admin/transactions?view=payouts&status=sent');
    const table = await loadedTable('Payouts');
    expect(within(table).getByText('BANK-REF-77')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Ada Admin' }).getAttribute('href')).toBe(`/admin/users/${ADA.id}`);
    expect(within(table).queryByRole('button', { name: /Mark sent/ })).toBeNull();
  });

  it('marks a bank payout sent with its reference and a note', async () => {
    let sent = false;
    const calls = mockApi({
      [PAYOUTS]: () => payouts(sent ? [] : [payout()]),
      [`POST /api/admin/payouts/${PAYOUT}/mark-sent`]: () => {
        sent = true;
        return payout({ status: 'sent', reference: 'BANK-1', sentAt: '2026-11-22T10:00:00.000Z', sentBy: ADA });
      },
    });
    show('/admin/transactions?view=payouts');
    const user = userEvent.setup();
    const table = await loadedTable('Payouts');
    await user.click(within(table).getByRole('button', { name: 'Mark sent: €12.00 to Tom Traveler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout sent' });
    expect(dialog.textContent).toContain('bank account ending 3000');
    expect(await seriousViolations(dialog)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(
      within(dialog)
        .getByLabelText(/Transfer reference/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(dialog.textContent).toContain('Enter the bank transfer’s reference');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Transfer reference/), 'BANK-1');
    await user.type(within(dialog).getByLabelText(/Note/), 'Sent from the main account');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await screen.findByText('Marked the payout of €12.00 to Tom Traveler sent.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      reference: 'BANK-1',
      note: 'Sent from the main account',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'No payouts to send' })).toBeTruthy();
  });

  it('sends a Stripe payout without a reference, and keeps the button unavailable while it goes', async () => {
    const calls = mockApi({
      [PAYOUTS]: () => payouts([stripePayout]),
      [`POST /api/admin/payouts/${STRIPE_PAYOUT}/mark-sent`]: never,
    });
    show('/admin/transactions?view=payouts');
    const user = userEvent.setup();
    const table = await loadedTable('Payouts');
    await user.click(within(table).getByRole('button', { name: 'Mark sent: €40.00 to Tom Traveler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout sent' });
    expect(within(dialog).queryByLabelText(/Transfer reference/)).toBeNull();
    expect(dialog.textContent).toContain('makes the Stripe transfer now');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer and mark sent' }));
    const busy = await within(dialog).findByRole('button', { name: 'Marking sent…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await user.click(busy);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({});
  });

  it('says so when another administrator marked it sent first', async () => {
    const calls = mockApi({
      [PAYOUTS]: () => payouts([payout()]),
      [`POST /api/admin/payouts/${PAYOUT}/mark-sent`]: () =>
        new MockResponse(409, {
          error: { code: 'PAYOUT_ALREADY_SENT', message: 'already sent', params: { sentOn: '2026-11-20' } },
        }),
    });
    show('/admin/transactions?view=payouts');
    const user = userEvent.setup();
    const table = await loadedTable('Payouts');
    const before = gets(calls, '/api/admin/payouts').length;
    await user.click(within(table).getByRole('button', { name: 'Mark sent: €12.00 to Tom Traveler' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout sent' });
    await user.type(within(dialog).getByLabelText(/Transfer reference/), 'BANK-1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('This payout was already marked sent on 2026-11-20.'),
    );
    // The list asks again, so the row shows it sent once the dialog closes.
    await waitFor(() => expect(gets(calls, '/api/admin/payouts').length).toBeGreaterThan(before));
  });

  it('reads the bank details only when asked, and shows them in the row', async () => {
    const calls = mockApi({
      [PAYOUTS]: () => payouts([payout()]),
      [`GET /api/admin/payouts/${PAYOUT}/bank-details`]: () => ({
        payoutId: PAYOUT,
        accountHolder: 'Tom Traveler',
        iban: 'DE89370400440532013000',
      }),
    });
    const { container } = show('/admin/transactions?view=payouts');
    const table = await loadedTable('Payouts');
    expect(gets(calls, `/api/admin/payouts/${PAYOUT}/bank-details`)).toEqual([]);
    await userEvent.click(within(table).getByRole('button', { name: 'Show bank details: €12.00 to Tom Traveler' }));
    expect(await within(table).findByText('DE89370400440532013000')).toBeTruthy();
    expect(within(table).getByText('Holder')).toBeTruthy();
    expect(gets(calls, `/api/admin/payouts/${PAYOUT}/bank-details`)).toHaveLength(1);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('opens on one payout from the audit log, whatever its status, and goes back to all', async () => {
    const calls = mockApi({ [PAYOUTS]: () => payouts([payout(), stripePayout, sentPayout]) });
    const { router } = show(`/admin/transactions?payout=${SENT_PAYOUT}`);
    expect(screen.getByRole('tab', { name: 'Payouts', selected: true })).toBeTruthy();
    const table = await loadedTable('Payouts');
    const first = gets(calls, '/api/admin/payouts')[0]?.url.searchParams;
    expect(first?.has('status')).toBe(false);
    expect(first?.get('limit')).toBe('50');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('BANK-REF-77')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Showing only payout e5000000');

    await userEvent.click(screen.getByRole('button', { name: 'Show every payout' }));
    expect(router.state.location.search).toBe('?view=payouts');
    await waitFor(() =>
      expect(gets(calls, '/api/admin/payouts').at(-1)?.url.searchParams.get('status')).toBe('requested'),
    );
  });
});

describe('the balances', () => {
  it('says it is loading, then shows the platform and members accounts by currency', async () => {
    let answer: (b: LedgerBalances) => void = () => {};
    mockApi({ [BALANCES]: () => new Promise<LedgerBalances>((resolve) => (answer = resolve)) });
    const { container } = show('/admin/transactions?view=balances');
    expect((await screen.findByRole('status')).textContent).toBe('Loading balances…');
    answer(balances);
    const platform = await screen.findByRole('table', { name: 'Platform accounts' });
    const escrow = within(platform).getByText('Escrow (held for packages)').closest('tr') as HTMLElement;
    expect(escrow.textContent).toContain('€27.50');
    expect(within(platform).getByText('Platform fees').closest('tr')?.textContent).toContain('€2.50');
    const members = screen.getByRole('table', { name: "Members' accounts" });
    const travelers = within(members).getByText('Travelers (owed to travelers)').closest('tr') as HTMLElement;
    expect(
      within(travelers)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Travelers (owed to travelers)', 'EUR', '€12.00', '1']);
    expect(within(members).getByText('-€30.00')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when they cannot be loaded, or when no money has moved', async () => {
    mockApi({ [BALANCES]: () => apiError(500, 'INTERNAL') });
    const { container } = show('/admin/transactions?view=balances');
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load the balances.");
    expect(await seriousViolations(container)).toEqual([]);
    cleanup();
    mockApi({ [BALANCES]: () => ({ platform: [], members: [] }) });
    show('/admin/transactions?view=balances');
    expect(await screen.findByRole('heading', { name: 'No money has moved yet' })).toBeTruthy();
  });
});
