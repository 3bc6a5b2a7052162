// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dispute } from '#shared/lifecycle.ts';
import { apiError, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import { DisputeSummary } from './dispute-summary.tsx';

// The member's dispute block on the package page: its states, the timeline, and the "Add evidence"
// form's checks and submission (multipart, with the photos chosen), against a stubbed API.

const PKG = '00000000-0000-4000-8000-000000000001';
const URL_PATH = `/api/packages/${PKG}/dispute`;

const dispute = (over: Partial<Dispute> = {}): Dispute => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  packageId: PKG,
  openedBy: { id: 'u-sender', name: 'Sue Sender', role: 'sender' },
  reason: 'damaged',
  details: 'The box arrived crushed on one side.',
  status: 'open',
  resolution: null,
  resolutionNote: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  evidence: [],
  handoffPhotos: [],
  viewerRole: 'traveler',
  photosLeft: 2,
  ...over,
});

const show = () => renderPage(<DisputeSummary packageId={PKG} />, { url: '/user/packages/x' });

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

describe('the dispute on the package page', () => {
  it('shows a skeleton while loading, then an error with a retry', async () => {
    mockApi({ [`GET ${URL_PATH}`]: never });
    const { container } = show();
    expect(container.querySelector('[data-slot="skeleton"], .animate-pulse')).toBeTruthy();
    cleanup();
    mockApi({
      [`GET ${URL_PATH}`]: () => {
        throw apiError(500, 'INTERNAL');
      },
    });
    show();
    expect(await screen.findByText("We couldn't load the dispute")).toBeTruthy();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeTruthy();
  });

  it('offers a party the form while open, and refuses an empty submission without calling the API', async () => {
    const calls = mockApi({ [`GET ${URL_PATH}`]: () => dispute() });
    const { container } = show();
    expect(await screen.findByRole('form', { name: 'Add evidence' })).toBeTruthy();
    expect(screen.getByText('You can add 2 more photos (JPEG, PNG or WebP, 8 MB each).')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add evidence' }));
    expect(await screen.findByText('Write what happened, add a photo, or both')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('refuses more photos than are left', async () => {
    mockApi({ [`GET ${URL_PATH}`]: () => dispute({ photosLeft: 1 }) });
    show();
    const input = await screen.findByLabelText('Photos');
    await userEvent.upload(input, [png('a.png'), png('b.png')]);
    expect(await screen.findByText('You can add 1 more photo')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).toBeNull();
  });

  it('sends the words and the chosen photos as a form, then shows the new timeline', async () => {
    const calls = mockApi({
      [`GET ${URL_PATH}`]: () => dispute(),
      [`POST ${URL_PATH}/evidence`]: () =>
        dispute({
          photosLeft: 1,
          evidence: [
            {
              id: 'e1',
              author: { id: 'u-traveler', name: 'Tom Traveler', role: 'traveler' },
              text: 'It was intact at the door.',
              photos: [{ url: `/api/packages/${PKG}/private-photos/k.webp`, width: 10, height: 10 }],
              createdAt: '2026-11-20T12:00:00.000Z',
            },
          ],
        }),
    });
    show();
    await userEvent.type(
      await screen.findByLabelText(/What you want the administrator to know/),
      'It was intact at the door.',
    );
    await userEvent.upload(screen.getByLabelText('Photos'), png('door.png'));
    expect(screen.getByRole('img', { name: 'door.png' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add evidence' }));
    expect(await screen.findByText('Tom Traveler (traveler) added evidence')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    const form = post?.body as FormData;
    expect(form.get('text')).toBe('It was intact at the door.');
    expect((form.getAll('photo') as File[]).map((f) => f.name)).toEqual(['door.png']);
  });

  it('shows the server’s refusal', async () => {
    mockApi({
      [`GET ${URL_PATH}`]: () => dispute(),
      [`POST ${URL_PATH}/evidence`]: () => {
        throw apiError(409, 'DISPUTE_CLOSED');
      },
    });
    show();
    await userEvent.type(await screen.findByLabelText(/What you want the administrator to know/), 'Late words');
    await userEvent.click(screen.getByRole('button', { name: 'Add evidence' }));
    expect(await screen.findByText('This dispute is resolved: no more evidence can be added.')).toBeTruthy();
  });

  it('is read-only once resolved, and for an admin', async () => {
    mockApi({
      [`GET ${URL_PATH}`]: () =>
        dispute({ status: 'resolved', resolution: 'release_traveler', resolvedAt: '2026-11-22T10:00:00.000Z' }),
    });
    show();
    expect(await screen.findByText('Resolved: the reward was released to the traveler.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add evidence' })).toBeNull();
    cleanup();
    mockApi({ [`GET ${URL_PATH}`]: () => dispute({ viewerRole: 'admin', photosLeft: 0 }) });
    show();
    expect(await screen.findByText('Opened by Sue Sender (sender)')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add evidence' })).toBeNull();
  });
});
