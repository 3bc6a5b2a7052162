// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketPage, AdminTicketRow } from '#shared/support.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import SupportPage from './support-page.tsx';

// The support queue over a mocked API: the rows with who wrote (a member linked, a visitor by
// address), the filters sent from the URL and the assignee select, and the list's states.

const HOUR = 60 * 60 * 1000;
const MEMBER = '00000000-0000-4000-8000-0000000000c1';
const row = (over: Partial<AdminTicketRow> = {}): AdminTicketRow => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  number: 12,
  topic: 'payment',
  status: 'open',
  preview: 'My refund has not arrived yet',
  packageId: null,
  createdAt: new Date(Date.now() - 30 * HOUR).toISOString(),
  lastMessageAt: new Date(Date.now() - 5 * HOUR).toISOString(),
  email: 'mia@example.test',
  name: 'Mia',
  member: { id: MEMBER, name: 'Mia Member', email: 'mia@example.test' },
  assignee: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin', email: 'ada@example.test' },
  ...over,
});
const visitor = row({
  id: '00000000-0000-4000-8000-0000000000b2',
  number: 13,
  topic: 'other',
  email: 'vic@example.test',
  name: null,
  member: null,
  assignee: null,
});
const page = (items: AdminTicketRow[], total = { count: items.length, estimated: false }): AdminTicketPage => ({
  items,
  nextCursor: null,
  total,
});

const LIST = 'GET /api/admin/support/tickets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = (url = '/admin/support') => renderPage(<SupportPage />, { path: '/admin/support', url, title: 'Support' });
const queryOf = (calls: ReturnType<typeof mockApi>) =>
  calls
    .filter((c) => c.url.pathname === '/api/admin/support/tickets')
    .map((c) => Object.fromEntries(c.url.searchParams));

describe('SupportPage', () => {
  it('shows a skeleton while loading', async () => {
    mockApi({ [LIST]: never });
    const { container } = open();
    expect(await screen.findByText('Loading tickets…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists the open tickets by default, with who wrote, the assignee and how long they wait', async () => {
    const calls = mockApi({ [LIST]: () => page([row(), visitor]) });
    const { container } = open();
    // The table and the narrow screen's cards both render; CSS shows one.
    const links = await screen.findAllByRole('link', { name: '#12' });
    for (const link of links) expect(link.getAttribute('href')).toBe(`/admin/support/${row().id}`);
    for (const link of screen.getAllByRole('link', { name: 'Mia Member' })) {
      expect(link.getAttribute('href')).toBe(`/admin/users/${MEMBER}`);
    }
    const table = within(screen.getByRole('table', { name: 'Support tickets' }));
    expect(table.getByText('Visitor')).toBeTruthy();
    expect(table.getByText('vic@example.test')).toBeTruthy();
    expect(table.getByText('A payment, refund or payout')).toBeTruthy();
    expect(table.getByText('Ada Admin')).toBeTruthy();
    expect(table.getByText('Unassigned')).toBeTruthy();
    expect(table.getAllByText('5 hours')).toHaveLength(2);
    expect(screen.getByText('2 tickets')).toBeTruthy();
    expect(queryOf(calls)).toEqual([{ status: 'open' }]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('sends the status and assignee from the URL, and says "About" for an estimated total', async () => {
    const calls = mockApi({ [LIST]: () => page([row({ status: 'answered' })], { count: 1500, estimated: true }) });
    open('/admin/support?status=answered&assignee=me');
    expect((await screen.findAllByRole('link', { name: '#12' })).length).toBeGreaterThan(0);
    expect(screen.getByText(/About 1,500 tickets|About 1.500 tickets|About 1 500 tickets/)).toBeTruthy();
    expect(queryOf(calls)).toEqual([{ status: 'answered', assignee: 'me' }]);
    expect(screen.getByRole('tab', { name: 'Answered' }).getAttribute('aria-selected')).toBe('true');
  });

  it('filters by assignee and by status', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [LIST]: () => page([row()]) });
    open();
    await screen.findAllByRole('link', { name: '#12' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'none');
    await waitFor(() => expect(queryOf(calls).at(-1)).toEqual({ status: 'open', assignee: 'none' }));
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(queryOf(calls).at(-1)).toEqual({ status: 'all', assignee: 'none' }));
  });

  it('says when nobody is waiting', async () => {
    mockApi({ [LIST]: () => page([]) });
    const { container } = open();
    expect(await screen.findByText('Nobody is waiting')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when nothing matches the filters and offers to clear them', async () => {
    mockApi({ [LIST]: () => page([]) });
    open('/admin/support?status=closed&assignee=none');
    expect(await screen.findByText('No tickets match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    mockApi({ [LIST]: () => apiError(500, 'INTERNAL') });
    const { container } = open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
