// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '#shared/audit.ts';
import { apiError, mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import AuditLogPage from './audit-log-page.tsx';

// The audit log screen against a stubbed API: its states, what a row says and links to, and that
// each filter reaches the server as the query the endpoint takes.

const ADA = { id: '00000000-0000-4000-8000-0000000000ad', name: 'Ada Admin', email: 'ada@example.test' };
const PACKAGE = '00000000-0000-4000-8000-000000000001';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: crypto.randomUUID(),
  action: 'package.cancel',
  subject: { type: 'package', id: PACKAGE },
  actor: ADA,
  before: { status: 'open' },
  after: { status: 'cancelled' },
  reason: 'Prohibited item',
  data: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const page = (items: AuditEntry[], over: Partial<AuditPage> = {}): AuditPage => ({
  items,
  nextCursor: null,
  total: { count: items.length, estimated: false },
  ...over,
});

const show = (url = '/admin/audit-log') =>
  renderPage(<AuditLogPage />, { url, path: '/admin/audit-log', title: 'Audit log' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audit log screen', () => {
  it('shows a loading table, then the entries: action, administrator, record, reason, changes', async () => {
    let answer: (page: AuditPage) => void = () => {};
    mockApi({ 'GET /api/admin/audit': () => new Promise<AuditPage>((resolve) => (answer = resolve)) });
    const { container } = show();
    expect(await screen.findByRole('table', { name: 'Audit log', busy: true })).toBeTruthy();
    answer(page([entry()]));
    // Both layouts are in the page (the narrow one is hidden by CSS, which jsdom does not apply): read the table.
    const table = await screen.findByRole('table', { name: 'Audit log', busy: false });
    const row = (await within(table).findByRole('link', { name: 'Cancelled a package' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Cancelled a package' }).getAttribute('href')).toBe(
      `/admin/packages/${PACKAGE}`,
    );
    expect(within(row).getByText('Prohibited item')).toBeTruthy();
    expect(within(row).getByText('status: open → cancelled')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Only the actions of Ada Admin' }).getAttribute('href')).toBe(
      `/admin/audit-log?actorId=${ADA.id}`,
    );
    expect(screen.getByText('1 entry')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('links a conversation, which has no page, to its own entries in the log', async () => {
    const id = '00000000-0000-4000-8000-0000000000cc';
    mockApi({
      'GET /api/admin/audit': () =>
        page([
          entry({ action: 'conversation.read', subject: { type: 'conversation', id }, before: null, after: null }),
        ]),
    });
    show();
    const [link] = await screen.findAllByRole('link', { name: 'Read a conversation between members' });
    expect(link?.getAttribute('href')).toBe(`/admin/audit-log?subjectType=conversation&subjectId=${id}`);
  });

  it('says the log is empty, and offers to clear filters when they hide everything', async () => {
    mockApi({ 'GET /api/admin/audit': () => page([]) });
    show();
    expect(await screen.findByRole('heading', { name: 'Nothing in the log yet' })).toBeTruthy();
    cleanup();
    show('/admin/audit-log?action=member.ban');
    expect(await screen.findByRole('heading', { name: 'No entry matches' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('says when the log cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/audit': () => (fail ? apiError(500, 'INTERNAL') : page([entry()])),
    });
    const { container } = show();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(await seriousViolations(container)).toEqual([]);
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findAllByRole('link', { name: 'Cancelled a package' })).not.toHaveLength(0);
  });

  it('sends the filters of the address and of the controls to the server', async () => {
    const calls = mockApi({
      'GET /api/admin/audit': () => page([entry()], { total: { count: 12_000, estimated: true } }),
    });
    show(`/admin/audit-log?actorId=${ADA.id}&from=2026-11-01`);
    expect(await screen.findByText('About 12,000 entries')).toBeTruthy();
    expect(screen.getByText(/Actions by Ada Admin/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Banned a member');
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.get('action')).toBe('member.ban'));
    const last = calls.at(-1)?.url.searchParams;
    expect(last?.get('actorId')).toBe(ADA.id);
    expect(last?.get('from')).toBe('2026-11-01');
    // An id alone names nothing: it is sent only once the kind of record is chosen.
    expect(screen.getByLabelText('Record id')).toHaveProperty('disabled', true);
    await userEvent.selectOptions(screen.getByLabelText('Record'), 'Package');
    await userEvent.type(screen.getByLabelText('Record id'), PACKAGE);
    await userEvent.tab();
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.get('subjectId')).toBe(PACKAGE));
    expect(calls.at(-1)?.url.searchParams.get('subjectType')).toBe('package');
  });
});
