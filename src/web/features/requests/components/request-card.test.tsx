// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageRequest } from '#shared/requests.ts';
import { MockResponse, mockApi, renderPage, seriousViolations } from '#web/test/render.tsx';
import { RequestCard } from './request-card.tsx';

// A received request's card over a mocked API: Accept sends one request however fast it is clicked,
// and "already accepted" — by me, in another tab or before a lost answer — reads as the success it is.

const request: PackageRequest = {
  id: '00000000-0000-4000-8000-0000000000r1',
  status: 'pending',
  startedBy: 'traveler',
  myRole: 'sender',
  direction: 'incoming',
  message: 'Happy to take it',
  package: {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Books for Berlin',
    status: 'open',
    pickup: { label: 'Paris, France', city: 'Paris', countryCode: 'FR' },
    dropoff: { label: 'Berlin, Germany', city: 'Berlin', countryCode: 'DE' },
    pickupFrom: '2026-03-01T10:00:00.000Z',
    deliverBy: '2026-03-20T10:00:00.000Z',
    weightKg: 1.5,
    reward: 2500,
    currency: 'EUR',
  },
  travelPlan: {
    id: '00000000-0000-4000-8000-0000000000t1',
    departureAt: '2026-03-05T08:00:00.000Z',
    arrivalAt: '2026-03-05T18:00:00.000Z',
    transport: 'train',
  },
  proposal: { reward: 2500, by: 'traveler', counters: 0, awaitsMe: false },
  difference: null,
  counterpart: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Tess Traveler', image: null },
  actions: ['accept', 'decline'],
  createdAt: '2026-02-28T10:00:00.000Z',
  updatedAt: '2026-02-28T10:00:00.000Z',
};
const ACCEPT = `POST /api/requests/${request.id}/accept`;
const SUCCESS = /^Accepted\. Show the traveler your pickup code/;

const toast = vi.hoisted(() => vi.fn());
vi.mock('#web/lib/toasts.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#web/lib/toasts.ts')>()),
  showToast: toast,
}));

afterEach(() => {
  cleanup();
  toast.mockReset();
  vi.unstubAllGlobals();
});

const open = () => renderPage(<RequestCard request={request} />, { url: '/user/requests' });

describe('RequestCard', () => {
  it('sends one acceptance for a double click, and says only that it is accepted', async () => {
    let answer: (value: unknown) => void = () => {};
    const calls = mockApi({
      [ACCEPT]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { container } = open();
    // Two clicks in one go, as a browser's double click delivers them: before the mutation's pending
    // state has reached the button.
    const button = screen.getByRole('button', { name: 'Accept' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    answer({ ...request, status: 'accepted', actions: [] });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringMatching(SUCCESS), 'success'));
    expect(toast).toHaveBeenCalledTimes(1);
    expect(calls.filter((c) => `${c.method} ${c.url.pathname}` === ACCEPT)).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('reads "already accepted" as the success it is', async () => {
    mockApi({
      [ACCEPT]: () =>
        new MockResponse(409, {
          error: {
            code: 'REQUEST_ALREADY_ANSWERED',
            message: 'This request is no longer pending.',
            params: { status: 'accepted', action: 'accepted' },
            requestId: 'test',
          },
        }),
    });
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringMatching(SUCCESS), 'success'));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('still says why when the request was answered otherwise', async () => {
    mockApi({
      [ACCEPT]: () =>
        new MockResponse(409, {
          error: {
            code: 'REQUEST_ALREADY_ANSWERED',
            message: 'This request is no longer pending.',
            params: { status: 'withdrawn', action: 'accepted' },
            requestId: 'test',
          },
        }),
    });
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/withdrawn/));
    expect(toast).not.toHaveBeenCalled();
  });

  describe('with a counter-offer on the table', () => {
    // Tess offered €20.00 for a package posted at €25.00: Sam answers it.
    const countered: PackageRequest = {
      ...request,
      proposal: { reward: 2000, by: 'traveler', counters: 0, awaitsMe: true },
      actions: ['accept', 'counter', 'decline'],
    };
    const COUNTER = `POST /api/requests/${request.id}/counter`;
    const openCountered = () => renderPage(<RequestCard request={countered} />, { url: '/user/requests' });

    it('says what is proposed and accepts that very amount', async () => {
      const calls = mockApi({ [ACCEPT]: () => ({ ...countered, status: 'accepted', actions: [] }) });
      const { container } = openCountered();
      expect(screen.getByTestId('proposal').textContent).toBe(
        'Tess Traveler proposes €20.00 (posted: €25.00). Accept it, counter, or decline.',
      );
      await userEvent.setup().click(screen.getByRole('button', { name: 'Accept €20.00' }));
      await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringMatching(SUCCESS), 'success'));
      expect(calls.find((c) => `${c.method} ${c.url.pathname}` === ACCEPT)?.body).toEqual({ reward: 2000 });
      expect(await seriousViolations(container)).toEqual([]);
    });

    it('shows why when the amount changed meanwhile, and does not call it accepted', async () => {
      mockApi({
        [ACCEPT]: () =>
          new MockResponse(409, {
            error: { code: 'REQUEST_PROPOSAL_CHANGED', message: 'changed', params: { reward: 2200 }, requestId: 't' },
          }),
      });
      openCountered();
      await userEvent.setup().click(screen.getByRole('button', { name: 'Accept €20.00' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/changed the reward/));
      expect(toast).not.toHaveBeenCalled();
    });

    it('counters with another amount, and shows the server’s limit under the field', async () => {
      let refuse = true;
      const calls = mockApi({
        [COUNTER]: () =>
          refuse
            ? new MockResponse(400, {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'invalid',
                  fields: { reward: ['Propose between €5.00 and €25.00'] },
                  requestId: 't',
                },
              })
            : { ...countered, proposal: { reward: 2300, by: 'sender', counters: 1, awaitsMe: false } },
      });
      const { container } = openCountered();
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Counter' }));
      const field = screen.getByLabelText('Your reward (EUR)');
      await user.type(field, 'abc');
      await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
      expect(await screen.findByText('Enter an amount like 25 or 25.50')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      await user.clear(field);
      await user.type(field, '30');
      await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
      expect(await screen.findByText('Propose between €5.00 and €25.00')).toBeTruthy();
      expect(await seriousViolations(container)).toEqual([]);

      refuse = false;
      await user.clear(field);
      await user.type(field, '23');
      await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
      await waitFor(() =>
        expect(toast).toHaveBeenCalledWith('Counter-offer of €23.00 sent to Tess Traveler.', 'success'),
      );
      expect(calls.filter((c) => `${c.method} ${c.url.pathname}` === COUNTER).map((c) => c.body)).toEqual([
        { reward: 3000 },
        { reward: 2300 },
      ]);
    });
  });

  describe('agreed above the reward paid', () => {
    // Tess's €30.00 was accepted for the €25.00 package: €5.50 to pay before the match.
    const agreed: PackageRequest = {
      ...request,
      status: 'agreed',
      proposal: { reward: 3000, by: 'traveler', counters: 0, awaitsMe: false },
      difference: 550,
      actions: ['pay_difference', 'decline'],
    };
    const TOP_UP = `POST /api/requests/${request.id}/top-up`;

    it('asks the sender to pay the difference, and says why when it cannot be paid', async () => {
      const calls = mockApi({
        [TOP_UP]: () =>
          new MockResponse(409, {
            error: {
              code: 'REQUEST_ALREADY_ANSWERED',
              message: 'no longer',
              params: { status: 'withdrawn', action: 'paid for' },
              requestId: 't',
            },
          }),
      });
      const { container } = renderPage(<RequestCard request={agreed} />, { url: '/user/requests' });
      expect(screen.getByTestId('proposal').textContent).toBe(
        'Agreed at €30.00 (posted: €25.00). Pay the difference of €5.50 to confirm the match.',
      );
      expect(await seriousViolations(container)).toEqual([]);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Pay the difference (€5.50)' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/withdrawn/));
      expect(calls.filter((c) => `${c.method} ${c.url.pathname}` === TOP_UP)).toHaveLength(1);
      expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
    });

    it('tells the traveler the sender pays first, with nothing to pay', () => {
      mockApi({});
      renderPage(
        <RequestCard
          request={{
            ...agreed,
            myRole: 'traveler',
            direction: 'outgoing',
            counterpart: { ...request.counterpart, name: 'Sam Sender' },
            actions: ['withdraw'],
          }}
        />,
        { url: '/user/requests' },
      );
      expect(screen.getByTestId('proposal').textContent).toMatch(
        /^Agreed at €30\.00 \(posted: €25\.00\)\. Waiting for Sam Sender to pay the difference of €5\.50/,
      );
      expect(screen.queryByRole('button', { name: /Pay the difference/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    });
  });
});
