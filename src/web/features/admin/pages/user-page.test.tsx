// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '#shared/admin-users.ts';
import type { AdminKyc } from '#shared/kyc.ts';
import { HttpFailure } from '#web/lib/errors/describe-error.ts';
import { renderPage, seriousViolations } from '#web/test/render.tsx';
import UserPage from './user-page.tsx';

const http = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/http.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/http.ts')>()),
  http,
}));

const id = '00000000-0000-4000-8000-000000000001';
const adminId = '00000000-0000-4000-8000-0000000000aa';
const detail: AdminUserDetail = {
  user: {
    id,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phoneNumber: '+12025550101',
    isAdmin: false,
    banned: false,
    kycStatus: 'approved',
    verified: true,
    deleted: false,
    joinedAt: '2026-03-01T10:00:00.000Z',
  },
  profile: {
    image: null,
    bio: 'Engines.',
    city: 'London',
    languages: ['en'],
    emailVerified: true,
    phoneNumberVerified: true,
    banReason: null,
    deletedAt: null,
  },
  packages: {
    count: 1,
    recent: [{ id: 'p1', title: 'Difference engine', status: 'open', createdAt: '2026-04-01T10:00:00.000Z' }],
  },
  travelPlans: { count: 0, recent: [] },
  requests: { count: 0, recent: [] },
  payments: {
    count: 1,
    recent: [
      {
        id: 'pay1',
        packageId: 'p1',
        status: 'succeeded',
        amount: 2750,
        refundedAmount: 0,
        currency: 'EUR',
        createdAt: '2026-04-01T10:00:00.000Z',
      },
    ],
  },
  payouts: { count: 0, recent: [] },
  balance: { currencies: [{ currency: 'EUR', available: 0, pending: 0, paidOut: 0, requested: 0 }] },
  reviewsGiven: { count: 0, recent: [] },
  reviewsReceived: { count: 0, recent: [] },
  sessions: [
    {
      id: 's1',
      createdAt: '2026-04-01T10:00:00.000Z',
      lastSeenAt: '2026-04-02T10:00:00.000Z',
      expiresAt: '2026-04-08T10:00:00.000Z',
      userAgent: 'Firefox on Linux',
      ipAddress: '203.0.113.7',
    },
  ],
};
const kyc: AdminKyc = { userId: id, status: 'approved', reasons: [], attempts: [], events: [] };

function serve(answer: (url: string, options?: { method?: string; body?: unknown }) => Promise<unknown> | undefined) {
  http.mockImplementation((url: string, options?: { method?: string; body?: unknown }) => {
    if (url === '/api/auth/session') return Promise.resolve({ user: { id: adminId, isAdmin: true } });
    return answer(url, options) ?? Promise.reject(new HttpFailure(404, {}));
  });
}

const open = () => renderPage(<UserPage />, { path: '/admin/users/:id', url: `/admin/users/${id}`, title: 'User' });

afterEach(() => {
  cleanup();
  http.mockReset();
});

describe('/admin/users/{id}', () => {
  it('shows a spinner while the member loads', async () => {
    serve(() => new Promise(() => {}));
    const { container } = open();
    expect(await screen.findByText('Loading the member')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when there is no such member', async () => {
    serve(() => undefined);
    const { container } = open();
    expect(await screen.findByText('No such member')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to users' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when the member could not be loaded, with a retry', async () => {
    serve(() => Promise.reject(new HttpFailure(500, {})));
    const { container } = open();
    expect(await screen.findByText("Couldn't load this member")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("shows the record's sections, empty ones saying so, and the identity check", async () => {
    serve((url) => {
      if (url === `/api/admin/users/${id}`) return Promise.resolve(detail);
      if (url === `/api/admin/users/${id}/kyc`) return Promise.resolve(kyc);
      return undefined;
    });
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Difference engine' }).getAttribute('href')).toBe('/admin/packages/p1');
    expect(screen.getByText('No trips.')).toBeTruthy();
    expect(screen.getByText('Firefox on Linux')).toBeTruthy();
    expect(await screen.findByText('No identity check has been started.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Override the identity check' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('bans with a required reason, and shows the server refusing', async () => {
    const posted: unknown[] = [];
    let refuse = false;
    serve((url, options) => {
      if (url === `/api/admin/users/${id}`) return Promise.resolve(detail);
      if (url === `/api/admin/users/${id}/kyc`) return Promise.resolve(kyc);
      if (url === `/api/admin/users/${id}/ban` && options?.method === 'POST') {
        posted.push(options.body);
        if (refuse) {
          return Promise.reject(
            new HttpFailure(409, { error: { code: 'BAN_ADMIN', message: 'Remove the role first.' } }),
          );
        }
        return Promise.resolve({
          user: { ...detail.user, banned: true },
          revokedSessions: 1,
          cancelledPackages: [],
          closedRequests: 0,
        });
      }
      return undefined;
    });
    const { container } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Ban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Ada Lovelace?' });
    expect(await seriousViolations(container.ownerDocument.body)).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban member' }));
    expect(await within(dialog).findByText(/Say why/)).toBeTruthy();
    expect(posted).toEqual([]);

    refuse = true;
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Fraudulent listings');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban member' }));
    expect(await within(dialog).findByText(/remove their admin role before banning them/)).toBeTruthy();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ban member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ reason: 'Fraudulent listings' }, { reason: 'Fraudulent listings' }]);
    expect(await screen.findByText('Ada Lovelace is banned')).toBeTruthy();
  });
});
