// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTickets, TicketSummary } from '#shared/support.ts';
import { member as memberFixture } from '#web/test/members.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import HelpCenterPage from './help-center-page.tsx';

// The help center over a mocked API: its topics for everyone, and for a member their conversations
// with the team, with their loading, empty and error states.

const member = memberFixture({ name: 'Mia Member', email: 'mia@example.test' });
const TICKET = '00000000-0000-4000-8000-0000000000b1';
const ticket: TicketSummary = {
  id: TICKET,
  number: 12,
  topic: 'payment',
  status: 'answered',
  preview: 'My refund has not arrived yet',
  packageId: null,
  createdAt: '2026-05-01T10:00:00.000Z',
  lastMessageAt: '2026-05-02T10:00:00.000Z',
};

const SESSION = 'GET /api/auth/session';
const MINE = 'GET /api/support/tickets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => renderPage(<HelpCenterPage />, { url: '/user/help-center', title: 'Help center' });

describe('HelpCenterPage', () => {
  it('shows a visitor the topics and nothing about conversations', async () => {
    const calls = mockApi({ [SESSION]: () => ({ user: null }) });
    const { container } = open();
    expect(await screen.findByRole('link', { name: /Questions and contact/ })).toBeTruthy();
    // Let the session answer before looking for what it would add.
    await vi.waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/auth/session')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Your conversations with us' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/support/tickets')).toBe(false);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows a member their conversations loading', async () => {
    mockApi({ [SESSION]: () => ({ user: member }), [MINE]: never });
    const { container } = open();
    expect(await screen.findByText('Loading your conversations…')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('lists a member’s conversations with their topic, status, preview and link', async () => {
    mockApi({ [SESSION]: () => ({ user: member }), [MINE]: () => ({ items: [ticket] }) satisfies MyTickets });
    const { container } = open();
    const region = await screen.findByRole('region', { name: 'Your conversations with us' });
    const link = await within(region).findByRole('link', { name: /#12 · A payment, refund or payout/ });
    expect(link.getAttribute('href')).toBe(`/user/help-center/${TICKET}`);
    expect(within(link).getByText('Answered')).toBeTruthy();
    expect(within(link).getByText('My refund has not arrived yet')).toBeTruthy();
    expect(
      within(link)
        .getByText(/Last message/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe(ticket.lastMessageAt);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when a member has not written yet, and where to write', async () => {
    mockApi({ [SESSION]: () => ({ user: member }), [MINE]: () => ({ items: [] }) satisfies MyTickets });
    const { container } = open();
    expect(await screen.findByText('You have not written to us yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Write to us from Need help' }).getAttribute('href')).toBe(
      '/need-help#contact',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows an error with a retry', async () => {
    mockApi({ [SESSION]: () => ({ user: member }), [MINE]: () => apiError(500, 'INTERNAL') });
    const { container } = open();
    expect(await screen.findByText("We couldn't load your conversations")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});
