// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Broadcast, BroadcastPage } from '#shared/admin-broadcasts.ts';
import { apiError, MockResponse, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import CommunicationsPage from './communications-page.tsx';

// The broadcasts screen over a mocked API: the audience counted as the segment changes, a send only
// after a confirmation that states the count, the server's field errors beside their fields, and the
// history with its states and a progress bar that is read again each second until all are sent.

const ADMIN = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Admin' };
const broadcast = (over: Partial<Broadcast> = {}): Broadcast => ({
  id: '00000000-0000-4000-8000-000000000b01',
  title: 'Summer routes',
  body: 'New trips to Lisbon every week.',
  link: null,
  segment: { kind: 'everyone' },
  status: 'sent',
  audience: 500,
  delivered: 500,
  read: 125,
  createdBy: ADMIN,
  createdAt: '2026-06-01T10:00:00.000Z',
  finishedAt: '2026-06-01T10:01:00.000Z',
  ...over,
});
const page = (items: Broadcast[], nextCursor: string | null = null): BroadcastPage => ({ items, nextCursor });

/** The audience the server counts for each segment kind. */
const counts: Record<string, number> = { everyone: 1234, verified: 42, country: 7, active_travelers: 0 };
const audience = ({ body }: { body: unknown }) => {
  const { segment } = body as { segment: { kind: string } };
  return { count: counts[segment.kind] ?? 0 };
};

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const open = () =>
  renderPage(<CommunicationsPage />, { url: '/admin/communications/notifications', title: 'Communications' });

const audienceCalls = (calls: { method: string; url: URL; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/broadcasts/audience').map((c) => c.body);

describe('CommunicationsPage: compose', () => {
  it('counts the audience when the page opens and again when the segment changes or on request', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/admin/broadcasts': () => page([]),
      'POST /api/admin/broadcasts/audience': audience,
    });
    open();
    const status = await screen.findByText('1,234 members will receive it.');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(audienceCalls(calls)).toEqual([{ segment: { kind: 'everyone' } }]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Verified members');
    expect(await screen.findByText('42 members will receive it.')).toBeTruthy();
    expect(audienceCalls(calls).at(-1)).toEqual({ segment: { kind: 'verified' } });

    await user.click(screen.getByRole('button', { name: 'Preview audience' }));
    await waitFor(() => expect(audienceCalls(calls)).toHaveLength(3));
    expect(audienceCalls(calls).at(-1)).toEqual({ segment: { kind: 'verified' } });
    expect(await screen.findByText('42 members will receive it.')).toBeTruthy();
  });

  it('asks for a country only for the country segment, and counts its members', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/admin/broadcasts': () => page([]),
      'POST /api/admin/broadcasts/audience': audience,
    });
    open();
    await screen.findByText('1,234 members will receive it.');
    expect(screen.queryByRole('combobox', { name: /Country/ })).toBeNull();

    const segment = screen.getByRole('combobox', { name: 'Audience' });
    await user.selectOptions(segment, 'Members in a country');
    const country = screen.getByRole('combobox', { name: 'Country' });
    expect(await screen.findByText('Choose a country to see how many members it holds.')).toBeTruthy();
    expect(within(country).getByRole('option', { name: 'France (+33)' })).toBeTruthy();

    await user.selectOptions(country, 'FR');
    expect(await screen.findByText('7 members will receive it.')).toBeTruthy();
    expect(audienceCalls(calls).at(-1)).toEqual({ segment: { kind: 'country', country: 'FR' } });

    await user.selectOptions(segment, 'Everyone');
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
  });

  it('sends after a confirmation stating the audience, then says it is queued and empties the form', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/admin/broadcasts': () => page([]),
      'POST /api/admin/broadcasts/audience': audience,
      'POST /api/admin/broadcasts': ({ body }) =>
        new MockResponse(201, broadcast({ ...(body as object), status: 'queued', delivered: 0, read: 0 })),
    });
    const { container } = open();
    await screen.findByText('1,234 members will receive it.');
    expect(await seriousViolations(container)).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Summer routes');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'New trips to Lisbon.');
    expect(screen.getByText('20 of 1,000 characters.')).toBeTruthy();
    const link = screen.getByRole('textbox', { name: 'Link (optional)' });
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('A page of this site, such as /user/packages/my-packages')).toBeTruthy();
    await user.type(link, '/user/packages/my-packages');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Verified members');
    await user.click(screen.getByRole('button', { name: 'Send…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send to 42 members?' });
    expect(within(dialog).getByText(/Verified members will find “Summer routes”/)).toBeTruthy();
    expect(await seriousViolations(dialog)).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/broadcasts')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Broadcast queued')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/admin/broadcasts');
    expect(sent.map((c) => c.body)).toEqual([
      {
        title: 'Summer routes',
        body: 'New trips to Lisbon.',
        link: '/user/packages/my-packages',
        segment: { kind: 'verified' },
      },
    ]);
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Audience' }) as HTMLSelectElement).value).toBe('everyone');
  });

  it('marks what is missing without asking the server, and refuses an empty audience', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      'GET /api/admin/broadcasts': () => page([]),
      'POST /api/admin/broadcasts/audience': audience,
    });
    open();
    await screen.findByText('1,234 members will receive it.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Members in a country');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    expect(await screen.findByText('Give it a title')).toBeTruthy();
    expect(screen.getByText('Write the message')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Country' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi there');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Audience' }), 'Travelers with an active trip');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    expect(await screen.findByText('No member is in this audience yet. Choose another audience.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/admin/broadcasts')).toBe(false);
  });

  it('shows the server’s field error beside its field', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/broadcasts': () => page([]),
      'POST /api/admin/broadcasts/audience': audience,
      'POST /api/admin/broadcasts': () =>
        new MockResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'VALIDATION_FAILED',
            requestId: 'test',
            fields: { link: ['No page of this site is at this address'] },
          },
        }),
    });
    open();
    await screen.findByText('1,234 members will receive it.');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi there');
    await user.type(screen.getByRole('textbox', { name: 'Link (optional)' }), '/nowhere');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 1,234 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('No page of this site is at this address')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const link = screen.getByRole('textbox', { name: 'Link (optional)' });
    expect(link.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect((screen.getByRole('textbox', { name: /Title/ }) as HTMLInputElement).value).toBe('Hello');
  });

  it('keeps the dialog open with the reason when the send fails otherwise', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/admin/broadcasts': () => page([]),
      'POST /api/admin/broadcasts/audience': audience,
      'POST /api/admin/broadcasts': () => apiError(500, 'INTERNAL'),
    });
    open();
    await screen.findByText('1,234 members will receive it.');
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Hi there');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to 1,234 members?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).not.toBe('');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('CommunicationsPage: history', () => {
  it('shows a loading state', async () => {
    mockApi({ 'GET /api/admin/broadcasts': never, 'POST /api/admin/broadcasts/audience': audience });
    const { container } = open();
    expect(await screen.findByText('Loading the broadcasts…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      'GET /api/admin/broadcasts': () => (fail ? apiError(500, 'INTERNAL') : page([])),
      'POST /api/admin/broadcasts/audience': audience,
    });
    open();
    expect(await screen.findByRole('heading', { name: 'The broadcasts could not be loaded' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No broadcasts yet' })).toBeTruthy();
  });

  it('lists the broadcasts with their audience, sender, delivery and reads, and loads more', async () => {
    const user = userEvent.setup();
    const older = broadcast({
      id: '00000000-0000-4000-8000-000000000b02',
      title: 'Spring news',
      segment: { kind: 'country', country: 'FR' },
      audience: 20,
      delivered: 20,
      read: 5,
      createdBy: null,
    });
    const calls = mockApi({
      'GET /api/admin/broadcasts': ({ url }) =>
        url.searchParams.get('cursor') === 'next' ? page([older]) : page([broadcast()], 'next'),
      'POST /api/admin/broadcasts/audience': audience,
    });
    const { container } = open();
    const list = await screen.findByRole('list', { name: 'Sent broadcasts' });
    const first = within(list).getByRole('article', { name: 'Summer routes' });
    expect(within(first).getByText('Everyone')).toBeTruthy();
    expect(within(first).getByText('Ada Admin')).toBeTruthy();
    expect(within(first).getByText('500 of 500')).toBeTruthy();
    expect(within(first).getByText('125 (25%)')).toBeTruthy();
    expect(within(first).getByText('Sent')).toBeTruthy();
    expect(within(first).queryByRole('progressbar')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const second = await within(list).findByRole('article', { name: 'Spring news' });
    expect(within(second).getByText('Members in France')).toBeTruthy();
    expect(within(second).getByText('A former administrator')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url.searchParams.get('cursor'))).toEqual([
      null,
      'next',
    ]);
    expect(screen.getByText('2 broadcasts, all shown.')).toBeTruthy();
  });

  it('reads the list again each second while a broadcast is sending, and stops once all are sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      broadcast({ status: 'queued', delivered: 0, read: 0, finishedAt: null }),
      broadcast({ status: 'sending', delivered: 200, read: 3, finishedAt: null }),
      broadcast({ status: 'sent', delivered: 500, read: 9 }),
    ];
    const calls = mockApi({
      'GET /api/admin/broadcasts': () => page([answers.shift() ?? broadcast()]),
      'POST /api/admin/broadcasts/audience': audience,
    });
    const gets = () => calls.filter((c) => c.method === 'GET').length;
    open();
    const bar = await screen.findByRole('progressbar', { name: 'Delivery of Summer routes' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('500');
    expect(screen.getByText('Queued')).toBeTruthy();

    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Delivery of Summer routes' }).getAttribute('aria-valuenow')).toBe(
        '200',
      ),
    );
    expect(screen.getByText('Sending')).toBeTruthy();

    await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(gets()).toBe(3);

    await vi.advanceTimersByTimeAsync(5000);
    expect(gets()).toBe(3);
  });
});
