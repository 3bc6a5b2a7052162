// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUserPage } from '#shared/admin-users.ts';
import { HttpFailure } from '#web/lib/errors/describe-error.ts';
import { renderPage, seriousViolations } from '#web/test/render.tsx';
import UsersPage, { listParams, usersListSchema } from './users-page.tsx';

const http = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/http.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/http.ts')>()),
  http,
}));

const ada: AdminUser = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+12025550101',
  isAdmin: false,
  banned: true,
  kycStatus: 'pending',
  verified: false,
  deleted: false,
  joinedAt: '2026-03-01T10:00:00.000Z',
};
const page = (items: AdminUser[], nextCursor: string | null = null): AdminUserPage => ({
  items,
  nextCursor,
  total: { count: items.length, estimated: false },
});

/** Answers the list with `list` and records each query it was asked. */
function serve(list: () => Promise<AdminUserPage>) {
  http.mockImplementation((url: string) => {
    if (url === '/api/admin/users') return list();
    if (url === '/api/auth/session') return Promise.resolve({ user: null });
    return Promise.reject(new HttpFailure(404, {}));
  });
}

const open = (url = '/admin/users') => renderPage(<UsersPage />, { path: '/admin/users', url, title: 'Users' });

afterEach(() => {
  cleanup();
  http.mockReset();
});

describe('/admin/users', () => {
  it('shows a skeleton while the list loads', async () => {
    serve(() => new Promise(() => {}));
    const { container } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"], .animate-pulse')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('shows members as rows linking to their record, with badges, and asks the server for the view', async () => {
    serve(() => Promise.resolve(page([ada], 'next-cursor')));
    const { container } = open('/admin/users?tab=banned&q=ada&sort=name');
    const table = await screen.findByRole('table', { name: 'Members' });
    const link = await within(table).findByRole('link', { name: 'Ada Lovelace' });
    expect(link.getAttribute('href')).toBe(`/admin/users/${ada.id}`);
    expect(within(table).getByText('Banned')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(screen.getByText('1 member')).toBeTruthy();
    expect(http).toHaveBeenCalledWith(
      '/api/admin/users',
      expect.objectContaining({
        query: { banned: 'true', q: 'ada', sort: 'name' },
      }),
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('changes tab through the URL, back to the first page', async () => {
    serve(() => Promise.resolve(page([ada])));
    const { router } = open();
    await within(await screen.findByRole('table', { name: 'Members' })).findByRole('link', { name: 'Ada Lovelace' });
    await userEvent.click(screen.getByRole('tab', { name: 'Admins' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=admins'));
    await waitFor(() =>
      expect(http).toHaveBeenCalledWith(
        '/api/admin/users',
        expect.objectContaining({ query: { admin: 'true', sort: '-joined' } }),
      ),
    );
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    serve(() => Promise.resolve(page([])));
    const { container } = open('/admin/users?tab=verified');
    expect(await screen.findByText('No members match')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('says when the list failed, with a retry', async () => {
    serve(() => Promise.reject(new HttpFailure(500, {})));
    const { container } = open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('listParams', () => {
  it('turns the joined period into a start date', () => {
    const view = usersListSchema.parse({ joined: '7d' });
    expect(listParams(view, null, new Date('2026-05-10T12:00:00Z'))).toEqual({
      joinedFrom: '2026-05-03',
      sort: '-joined',
    });
    expect(listParams(usersListSchema.parse({}), 'c1')).toEqual({ sort: '-joined', cursor: 'c1' });
  });
});
