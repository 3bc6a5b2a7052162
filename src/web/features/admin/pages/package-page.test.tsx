// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPackageDetail } from '#shared/admin-packages.ts';
import type { Package } from '#shared/packages.ts';
import { apiFailure, cleanupPage, renderAt, seriousViolations } from '#web/test/render.tsx';
import PackagePage from './package-page.tsx';

// /admin/packages/{id} against a mocked API: its loading, missing, error and data states, the
// dispute's resolve form with its confirmation, the cancel dialog, and the conversation read only
// when asked for; each without a serious axe violation.

// A plain function, not vi.fn: Vitest waits on the promises a mock returns, and would fail the test
// on the rejection the page is meant to show.
type Call = [string, { method?: string; body?: unknown; query?: Record<string, string> } | undefined];
const api = vi.hoisted(() => ({
  calls: [] as [string, { method?: string; body?: unknown; query?: Record<string, string> } | undefined][],
  answer: (_url: string, _options?: { method?: string }): Promise<unknown> => Promise.resolve(undefined),
}));
vi.mock('#web/lib/http.ts', () => ({
  http: (url: string, options?: Call[1]) => {
    // The record's admin history is its own component's business (audit-timeline.test.tsx): empty here.
    if (url === '/api/admin/audit')
      return Promise.resolve({ items: [], nextCursor: null, total: { count: 0, estimated: false } });
    api.calls.push([url, options]);
    return api.answer(url, options);
  },
}));
vi.mock('#web/lib/toasts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/toasts.ts')>()),
  showToast: () => 0,
}));

const ID = '00000000-0000-4000-8000-000000000001';
const SENDER = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Sam Sender', image: null };
const TRAVELER = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Tess Traveler', image: null };

const pkg = (over: Partial<Package> = {}): Package => ({
  visibility: 'full',
  id: ID,
  status: 'disputed',
  handoffPhotos: [],
  title: 'Birthday gift',
  description: 'A small box',
  category: 'gifts',
  size: 'S',
  weightKg: 1.5,
  declaredValue: 4000,
  currency: 'EUR',
  pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR', lat: 48.85, lng: 2.35 },
  dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE', lat: 52.52, lng: 13.41 },
  pickupFrom: '2026-05-02T10:00:00.000Z',
  deliverBy: '2026-05-20T10:00:00.000Z',
  reward: 2500,
  fee: 250,
  total: 2750,
  recipientName: 'Lena Weber',
  recipientPhone: '+12025550177',
  notes: null,
  photos: [],
  sender: SENDER,
  traveler: TRAVELER,
  conversationId: null,
  missing: [],
  timeline: [
    {
      id: 'e1',
      fromStatus: 'delivered',
      toStatus: 'disputed',
      note: 'Dispute opened by the sender',
      actor: { id: SENDER.id, name: SENDER.name },
      createdAt: '2026-05-10T10:00:00.000Z',
    },
  ],
  actions: ['resolve_dispute'],
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-10T10:00:00.000Z',
  publishedAt: '2026-05-01T11:00:00.000Z',
  ...over,
});

const record = (over: Partial<AdminPackageDetail> = {}): AdminPackageDetail => ({
  package: pkg(),
  payments: [
    {
      id: 'p1',
      packageId: ID,
      kind: 'package',
      status: 'succeeded',
      provider: 'sandbox',
      amount: 2750,
      reward: 2500,
      fee: 250,
      currency: 'EUR',
      refundedAmount: 0,
      createdAt: '2026-05-01T11:00:00.000Z',
      updatedAt: '2026-05-01T11:00:00.000Z',
      packageTitle: 'Birthday gift',
      sender: { id: SENDER.id, name: SENDER.name, email: 'sam@example.test' },
      refundable: 2750,
      mismatch: null,
    } as AdminPackageDetail['payments'][number],
  ],
  ledger: [
    {
      id: 'l1',
      kind: 'payment_received',
      currency: 'EUR',
      memo: 'Payment received into escrow',
      packageId: ID,
      paymentId: 'p1',
      payoutId: null,
      createdBy: null,
      createdAt: '2026-05-01T11:00:00.000Z',
      lines: [
        { account: `sender:${SENDER.id}`, amount: -2750 },
        { account: 'escrow', amount: 2750 },
      ],
    },
  ],
  requests: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      status: 'accepted',
      startedBy: 'traveler',
      traveler: { id: TRAVELER.id, name: TRAVELER.name },
      travelPlanId: 't1',
      message: null,
      createdAt: '2026-05-01T12:00:00.000Z',
      respondedAt: '2026-05-01T13:00:00.000Z',
    },
  ],
  timeline: [
    {
      id: 'e1',
      kind: 'status',
      at: '2026-05-10T10:00:00.000Z',
      actor: { id: SENDER.id, name: SENDER.name },
      fromStatus: 'delivered',
      toStatus: 'disputed',
      note: null,
    },
  ],
  dispute: {
    id: 'd1',
    packageId: ID,
    openedBy: { id: SENDER.id, name: SENDER.name, role: 'sender' },
    reason: 'damaged',
    details: 'The box arrived crushed.',
    status: 'open',
    resolution: null,
    resolutionNote: null,
    createdAt: '2026-05-10T10:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    held: 2750,
    currency: 'EUR',
    evidence: [
      {
        id: 'e1',
        author: { id: TRAVELER.id, name: TRAVELER.name, role: 'traveler' },
        text: 'It was intact when I handed it over.',
        photos: [],
        createdAt: '2026-05-10T12:00:00.000Z',
      },
    ],
    handoffPhotos: [],
    viewerRole: 'admin',
    photosLeft: 0,
  },
  cancellation: null,
  hasConversation: true,
  ...over,
});

const renderPage = () =>
  renderAt(`/admin/packages/${ID}`, [{ path: '/admin/packages/:id', element: <PackagePage />, title: 'Package' }]);

const posts = () => api.calls.filter(([, options]) => options?.method === 'POST');

beforeEach(() => {
  api.calls = [];
});
afterEach(cleanupPage);

describe('/admin/packages/{id}', () => {
  it('says it is loading, then shows the record', async () => {
    let answer: (value: unknown) => void = () => {};
    api.answer = () => new Promise((resolve) => (answer = resolve));
    const { container } = renderPage();
    expect(screen.getByRole('status', { name: 'Loading the package' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    answer(record());
    expect(await screen.findByRole('heading', { level: 1, name: 'Birthday gift' })).toBeTruthy();
  });

  it('shows the parties, money, requests, timeline and dispute, with links to the records', async () => {
    api.answer = () => Promise.resolve(record());
    const { container } = renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Birthday gift' });
    const parties = screen.getByRole('region', { name: 'Parties' });
    expect(within(parties).getByRole('link', { name: 'Sam Sender' }).getAttribute('href')).toBe(
      `/admin/users/${SENDER.id}`,
    );
    const requests = screen.getByRole('region', { name: 'Requests' });
    expect(within(requests).getByRole('link', { name: 'Tess Traveler' }).getAttribute('href')).toMatch(
      /^\/admin\/requests\//,
    );
    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Payment received into escrow')).toBeTruthy();
    expect(within(payments).getByText("The package's payment")).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getByText('Delivered → Disputed')).toBeTruthy();
    const dispute = within(screen.getByRole('region', { name: 'Dispute' }));
    expect(dispute.getByText('The box arrived crushed.')).toBeTruthy();
    // The other side's evidence, as both parties see it.
    expect(dispute.getByText('It was intact when I handed it over.')).toBeTruthy();
    // Nothing to cancel while disputed, and the conversation is not read until asked for.
    expect(screen.queryByRole('button', { name: 'Cancel with refund' })).toBeNull();
    expect(api.calls.map(([url]) => url)).toEqual([`/api/admin/packages/${ID}`]);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('tells the package’s payment from the difference of an agreed reward', async () => {
    const [paid] = record().payments;
    const difference = {
      ...paid,
      id: 'p2',
      kind: 'top_up',
      amount: 550,
      reward: 500,
      fee: 50,
      refundable: 550,
    } as const;
    api.answer = () => Promise.resolve(record({ payments: [paid, difference] as AdminPackageDetail['payments'] }));
    renderPage();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const items = within(payments)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('dl'));
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      "The package's payment",
      'The difference of the agreed reward',
    ]);
    expect(within(items[1] as HTMLElement).getAllByText('€5.50').length).toBeGreaterThan(0);
  });

  it('resolves the dispute with a partial refund after a confirmation', async () => {
    api.answer = (_url, options) =>
      options?.method === 'POST' ? Promise.resolve(record().dispute) : Promise.resolve(record());
    const { container } = renderPage();
    const user = userEvent.setup();
    const dispute = await screen.findByRole('region', { name: 'Dispute' });
    await user.click(within(dispute).getByRole('button', { name: 'Resolve the dispute…' }));
    expect(await within(dispute).findByText('Choose how to resolve it')).toBeTruthy();
    await user.click(within(dispute).getByRole('radio', { name: 'Refund the sender partly' }));
    await user.type(within(dispute).getByLabelText(/Amount to refund/), '10');
    await user.type(within(dispute).getByLabelText(/Note to both parties/), 'Half of it was damaged');
    await user.click(within(dispute).getByRole('button', { name: 'Resolve the dispute…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve this dispute?' });
    expect(confirm.textContent).toContain('the traveler receives €15.00');
    expect(await seriousViolations(container.ownerDocument.body)).toEqual([]);
    expect(posts()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        [
          `/api/admin/packages/${ID}/dispute/resolve`,
          expect.objectContaining({
            body: { resolution: 'refund_sender', note: 'Half of it was damaged', amount: 1000 },
          }),
        ],
      ]),
    );
  });

  it('cancels with the policy’s refund shown and a required reason', async () => {
    const cancellable = record({
      package: pkg({ status: 'matched', actions: ['cancel'] }),
      dispute: null,
      cancellation: { refund: 2500, keptFee: 250, currency: 'EUR' },
    });
    api.answer = (_url, options) =>
      options?.method === 'POST'
        ? Promise.reject(apiFailure(409, 'PACKAGE_NOT_CANCELLABLE'))
        : Promise.resolve(cancellable);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel with refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this package?' });
    expect(dialog.textContent).toContain('The sender gets €25.00 back');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the package' }));
    expect(await within(dialog).findByText('Write the reason (it goes in the audit log)')).toBeTruthy();
    expect(posts()).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Prohibited item');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the package' }));
    await waitFor(() =>
      expect(posts()).toEqual([
        [`/api/admin/packages/${ID}/cancel`, expect.objectContaining({ body: { reason: 'Prohibited item' } })],
      ]),
    );
    // The refusal is shown in the dialog, which stays open.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
  });

  it('reads the conversation only when asked, saying it is recorded', async () => {
    api.answer = (url) =>
      url.endsWith('/conversation')
        ? Promise.resolve({
            conversationId: 'c1',
            participants: [
              { id: SENDER.id, name: SENDER.name },
              { id: TRAVELER.id, name: TRAVELER.name },
            ],
            items: [
              {
                id: 'm1',
                conversationId: 'c1',
                senderId: TRAVELER.id,
                content: 'I am at the door',
                createdAt: '2026-05-09T10:00:00.000Z',
                readAt: null,
              },
            ],
            nextCursor: null,
          })
        : Promise.resolve(record());
    renderPage();
    const section = await screen.findByRole('region', { name: 'Conversation' });
    expect(section.textContent).toContain('recorded in the audit log');
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Show conversation' }));
    expect(await within(section).findByText('I am at the door')).toBeTruthy();
    expect(api.calls.filter(([url]) => url.endsWith('/conversation'))).toHaveLength(1);
  });

  it('says when there is no such package, and shows other errors with a retry', async () => {
    api.answer = () => Promise.reject(apiFailure(404, 'PACKAGE_NOT_FOUND'));
    const { container, unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'There is no such package' })).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
    unmount();
    api.answer = () => Promise.reject(apiFailure(500, 'INTERNAL'));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
