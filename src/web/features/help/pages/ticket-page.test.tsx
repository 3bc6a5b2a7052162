// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '#shared/support.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import TicketPage from './ticket-page.tsx';

// One of a member's conversations with the team over a mocked API: its messages with the team's
// answers signed as the team, writing more (which reopens it), and its loading, missing and error
// states.

const ID = '00000000-0000-4000-8000-0000000000b1';
const PACKAGE = '00000000-0000-4000-8000-0000000000c1';
const ticket: Ticket = {
  id: ID,
  number: 12,
  topic: 'package',
  status: 'closed',
  preview: 'My package never arrived',
  packageId: PACKAGE,
  createdAt: '2026-05-01T10:00:00.000Z',
  lastMessageAt: '2026-05-02T10:00:00.000Z',
  closedAt: '2026-05-02T11:00:00.000Z',
  messages: [
    {
      id: 'm1',
      from: 'member',
      authorName: 'Mia',
      body: 'My package never arrived',
      createdAt: '2026-05-01T10:00:00.000Z',
    },
    {
      id: 'm2',
      from: 'team',
      authorName: 'Ada',
      body: 'The traveler has confirmed delivery.',
      createdAt: '2026-05-02T10:00:00.000Z',
    },
  ],
};

const ONE = `GET /api/support/tickets/${ID}`;
const REPLY = `POST /api/support/tickets/${ID}/messages`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () =>
  renderPage(<TicketPage />, {
    path: '/user/help-center/:id',
    url: `/user/help-center/${ID}`,
    title: 'Support conversation',
  });

describe('TicketPage', () => {
  it('shows a loading state', async () => {
    mockApi({ [ONE]: never });
    const { container } = open();
    expect(await screen.findByText('Loading the conversation…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when the conversation does not exist or is not theirs', async () => {
    mockApi({ [ONE]: () => apiError(404, 'TICKET_NOT_FOUND') });
    const { container } = open();
    expect(await screen.findByText('There is no such conversation')).toBeTruthy();
    expect(screen.getByText(/no longer exists, or it is not yours/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your conversations' }).getAttribute('href')).toBe('/user/help-center');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    mockApi({ [ONE]: () => apiError(500, 'INTERNAL') });
    open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the messages, the team’s answers signed as the team', async () => {
    mockApi({ [ONE]: () => ticket });
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversation #12' })).toBeTruthy();
    const thread = screen.getByRole('list', { name: 'Messages, oldest first' });
    const [mine, answer] = within(thread).getAllByRole('listitem');
    expect(within(mine as HTMLElement).getByText('You')).toBeTruthy();
    expect(within(answer as HTMLElement).getByText('Tagalong team · Ada')).toBeTruthy();
    expect(within(answer as HTMLElement).getByText('The traveler has confirmed delivery.')).toBeTruthy();
    expect(screen.getAllByText('Closed').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'this package' }).getAttribute('href')).toBe(`/user/packages/${PACKAGE}`);
    expect(screen.getByText(/Writing again reopens it/)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('sends a reply, shows it in the thread and the conversation back with the team', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [ONE]: () => ticket,
      [REPLY]: ({ body }) => ({
        ...ticket,
        status: 'open',
        closedAt: null,
        messages: [
          ...ticket.messages,
          {
            id: 'm3',
            from: 'member',
            authorName: 'Mia',
            body: (body as { message: string }).message,
            createdAt: '2026-05-03T10:00:00.000Z',
          },
        ],
      }),
    });
    open();
    const box = await screen.findByRole('textbox', { name: /Your message/ });
    await user.type(box, 'It is not in my letterbox.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('It is not in my letterbox.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'It is not in my letterbox.' });
    expect(screen.getAllByText('With our team').length).toBeGreaterThan(0);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(await screen.findByText('Message sent. We answer here and by e-mail.')).toBeTruthy();
  });

  it('refuses a message too short to help, before sending', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [ONE]: () => ticket });
    open();
    await user.type(await screen.findByRole('textbox', { name: /Your message/ }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Write at least 10 characters/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
