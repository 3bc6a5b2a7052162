// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '#shared/audit.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import { AuditTimeline } from './audit-timeline.tsx';

const MEMBER = '00000000-0000-4000-8000-0000000000bb';

const entry = (action: AuditEntry['action'], reason: string | null, createdAt: string): AuditEntry => ({
  id: crypto.randomUUID(),
  action,
  subject: { type: 'user', id: MEMBER },
  actor: { id: '00000000-0000-4000-8000-0000000000ad', name: 'Ada Admin', email: 'ada@example.test' },
  before: action === 'member.ban' ? { banned: false } : null,
  after: action === 'member.ban' ? { banned: true } : null,
  reason,
  data: {},
  createdAt,
});

const show = () => renderPage(<AuditTimeline subjectType="user" subjectId={MEMBER} />, { url: '/' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a record's admin history", () => {
  it('asks for this record only, shows who did what and why, and pages back in time', async () => {
    const calls = mockApi({
      'GET /api/admin/audit': ({ url }) =>
        url.searchParams.get('cursor')
          ? ({
              items: [entry('kyc.approve', 'Documents checked by hand', '2026-10-01T09:00:00Z')],
              nextCursor: null,
              total: { count: 2, estimated: false },
            } satisfies AuditPage)
          : ({
              items: [entry('member.ban', 'Fraudulent listings', '2026-11-01T09:00:00Z')],
              nextCursor: 'next',
              total: { count: 2, estimated: false },
            } satisfies AuditPage),
    });
    const { container } = show();
    expect(await screen.findByText('Banned a member')).toBeTruthy();
    expect(screen.getByText('“Fraudulent listings”')).toBeTruthy();
    expect(screen.getByText('banned: false → true')).toBeTruthy();
    const sent = calls[0]?.url.searchParams;
    expect([sent?.get('subjectType'), sent?.get('subjectId')]).toEqual(['user', MEMBER]);
    expect(await seriousViolations(container)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('Approved the identity check')).toBeTruthy();
    expect(calls.at(-1)?.url.searchParams.get('cursor')).toBe('next');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says when no administrator has acted, while loading, and when it fails', async () => {
    mockApi({ 'GET /api/admin/audit': () => ({ items: [], nextCursor: null, total: { count: 0, estimated: false } }) });
    show();
    expect(await screen.findByText('No administrator has acted on this record.')).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/admin/audit': never });
    show();
    expect(screen.getByRole('status', { name: 'Loading the admin history' })).toBeTruthy();
    cleanup();
    mockApi({ 'GET /api/admin/audit': () => apiError(500, 'INTERNAL') });
    show();
    expect(await screen.findByRole('heading', { name: 'The admin history could not be loaded' })).toBeTruthy();
  });
});
