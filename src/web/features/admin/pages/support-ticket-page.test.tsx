// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicket } from '#shared/support.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import SupportTicketPage from './support-ticket-page.tsx';

// One support ticket in the back office over a mocked API: who wrote and about which package, the
// conversation, and the team's actions with the bodies they send: take it, let it go, answer
// (closing it or not), close.

const ID = '00000000-0000-4000-8000-0000000000b1';
const ME = '00000000-0000-4000-8000-0000000000a1';
const MEMBER = '00000000-0000-4000-8000-0000000000c1';
const PACKAGE = '00000000-0000-4000-8000-0000000000d1';
const ada = { id: ME, name: 'Ada Admin', email: 'ada@example.test' };
const ticket = (over: Partial<AdminTicket> = {}): AdminTicket => ({
  id: ID,
  number: 12,
  topic: 'package',
  status: 'open',
  preview: 'My package never arrived',
  packageId: PACKAGE,
  createdAt: '2026-05-01T10:00:00.000Z',
  lastMessageAt: '2026-05-01T10:00:00.000Z',
  closedAt: null,
  email: 'mia@example.test',
  name: 'Mia',
  member: { id: MEMBER, name: 'Mia Member', email: 'mia@example.test' },
  assignee: null,
  messages: [
    {
      id: 'm1',
      from: 'member',
      authorName: 'Mia',
      body: 'My package never arrived',
      createdAt: '2026-05-01T10:00:00.000Z',
    },
  ],
  ...over,
});
const answered = ticket({
  status: 'answered',
  messages: [
    ...ticket().messages,
    { id: 'm2', from: 'team', authorName: 'Ada', body: 'We are on it.', createdAt: '2026-05-01T12:00:00.000Z' },
  ],
});

const noAudit = { items: [], nextCursor: null, total: { count: 0, estimated: false } };
const base = {
  'GET /api/auth/session': () => ({ user: { id: ME, name: 'Ada Admin', email: 'ada@example.test', isAdmin: true } }),
  'GET /api/admin/audit': () => noAudit,
};
const ONE = `GET /api/admin/support/tickets/${ID}`;
const action = (name: 'assign' | 'reply' | 'close') => `POST /api/admin/support/tickets/${ID}/${name}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () =>
  renderPage(<SupportTicketPage />, {
    path: '/admin/support/:id',
    url: `/admin/support/${ID}`,
    title: 'Support ticket',
  });
const posted = (calls: ReturnType<typeof mockApi>, name: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith(`/${name}`)).map((c) => c.body);

describe('SupportTicketPage', () => {
  it('shows a loading state', async () => {
    mockApi({ ...base, [ONE]: never });
    const { container } = open();
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when there is no such ticket', async () => {
    mockApi({ ...base, [ONE]: () => apiError(404, 'TICKET_NOT_FOUND') });
    open();
    expect(await screen.findByText('There is no such ticket')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to support' }).getAttribute('href')).toBe('/admin/support');
  });

  it('shows an error with a retry', async () => {
    mockApi({ ...base, [ONE]: () => apiError(500, 'INTERNAL') });
    open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows who wrote, the package, and the conversation with the team’s answers signed', async () => {
    mockApi({ ...base, [ONE]: () => answered });
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket #12' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mia Member' }).getAttribute('href')).toBe(`/admin/users/${MEMBER}`);
    expect(screen.getByRole('link', { name: 'Open the package' }).getAttribute('href')).toBe(
      `/admin/packages/${PACKAGE}`,
    );
    const thread = screen.getByRole('list', { name: 'Messages, oldest first' });
    expect(within(thread).getByText('Mia Member')).toBeTruthy();
    expect(within(thread).getByText('Tagalong team · Ada')).toBeTruthy();
    expect(screen.getAllByText('Answered').length).toBeGreaterThan(0);
    expect(await screen.findByText('No administrator has acted on this record.')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('names a visitor by their address, with no member link', async () => {
    mockApi({ ...base, [ONE]: () => ticket({ member: null, name: null, email: 'vic@example.test', packageId: null }) });
    open();
    expect(await screen.findByText('A visitor (not signed in)')).toBeTruthy();
    expect(screen.getAllByText('vic@example.test').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Open the package' })).toBeNull();
  });

  it('assigns the ticket to the administrator, then lets it go', async () => {
    const user = userEvent.setup();
    let current = ticket();
    const calls = mockApi({
      ...base,
      [ONE]: () => current,
      [action('assign')]: ({ body }) => {
        current = ticket({ assignee: (body as { assigneeId: string | null }).assigneeId ? ada : null });
        return current;
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Ticket assigned to you')).toBeTruthy();
    expect(await screen.findByText('Ada Admin (you)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('Ticket unassigned')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Assign to me' })).toBeTruthy();
    expect(posted(calls, 'assign')).toEqual([{ assigneeId: ME }, { assigneeId: null }]);
  });

  it('holds the buttons while an action is on its way', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ ...base, [ONE]: () => ticket(), [action('assign')]: never });
    open();
    const assign = await screen.findByRole('button', { name: 'Assign to me' });
    await user.click(assign);
    await waitFor(() => expect(assign.getAttribute('aria-disabled')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Close ticket' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(assign);
    expect(posted(calls, 'assign')).toHaveLength(1);
  });

  it('sends an answer, and closes with it when asked', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...base,
      [ONE]: () => ticket(),
      [action('reply')]: ({ body }) => ((body as { close: boolean }).close ? ticket({ status: 'closed' }) : answered),
    });
    open();
    const box = await screen.findByRole('textbox', { name: /Your answer/ });
    await user.type(box, 'We are on it.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer sent')).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));

    await user.type(box, 'Refunded in full; closing this.');
    await user.click(screen.getByRole('checkbox', { name: 'Close the ticket after sending' }));
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer sent and ticket closed')).toBeTruthy();
    expect(posted(calls, 'reply')).toEqual([
      { message: 'We are on it.', close: false },
      { message: 'Refunded in full; closing this.', close: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close ticket' })).toBeNull());
  });

  it('refuses an answer too short to send', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ ...base, [ONE]: () => ticket() });
    open();
    await user.type(await screen.findByRole('textbox', { name: /Your answer/ }), 'Ok');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText(/Write at least 10 characters/)).toBeTruthy();
    expect(posted(calls, 'reply')).toEqual([]);
  });

  it('closes the ticket with an empty body', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ ...base, [ONE]: () => ticket(), [action('close')]: () => ticket({ status: 'closed' }) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Ticket closed')).toBeTruthy();
    expect(posted(calls, 'close')).toEqual([{}]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close ticket' })).toBeNull());
  });

  it('shows why an action failed', async () => {
    const user = userEvent.setup();
    mockApi({ ...base, [ONE]: () => ticket(), [action('assign')]: () => apiError(422, 'TICKET_ASSIGNEE_NOT_ADMIN') });
    open();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText(/Only an administrator can take a ticket/)).toBeTruthy();
  });
});
