// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactReceipt } from '#shared/support.ts';
import { member as memberFixture } from '#web/test/members.ts';
import { MockResponse, mockApi, never, renderPage, seriousViolations } from '#web/test/render.tsx';
import NeedHelpPage from './need-help-page.tsx';

// The contact form of /need-help over a mocked API, for a visitor and for a member: what it sends,
// the reference it shows, the server's field errors beside their fields, and the honeypot nobody sees.

const member = memberFixture({ name: 'Mia Member', email: 'mia@example.test' });

const SESSION = 'GET /api/auth/session';
const CONTACT = 'POST /api/support/contact';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () => renderPage(<NeedHelpPage />, { url: '/need-help', title: 'Need help?' });

/** Fills the required fields (and the e-mail when the field is editable). */
async function fill(user: ReturnType<typeof userEvent.setup>, { email }: { email?: string } = {}) {
  if (email) await user.type(await screen.findByRole('textbox', { name: /Your e-mail address/ }), email);
  await user.selectOptions(screen.getByRole('combobox', { name: /What is it about/ }), 'payment');
  await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'My refund has not arrived yet.');
}

describe('NeedHelpPage: the contact form', () => {
  it('sends a visitor’s message without the empty optional fields and shows the reference', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [SESSION]: () => ({ user: null }),
      [CONTACT]: ({ body }) => ({ number: 42, email: (body as { email: string }).email }) satisfies ContactReceipt,
    });
    const { container } = open();
    await fill(user, { email: 'vic@example.test' });
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const heading = await screen.findByRole('heading', { name: 'We have your message — reference #42' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('vic@example.test')).toBeTruthy();
    expect(screen.getByText(/We sent a confirmation to/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'help center' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'vic@example.test',
      topic: 'payment',
      message: 'My refund has not arrived yet.',
    });
    expect(screen.getByRole('link', { name: /support@/ }).getAttribute('href')).toMatch(/^mailto:/);
    expect(await seriousViolations(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Write another message' }));
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeTruthy();
  });

  it('sends the name and the package reference when given, and says the same without a number', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [SESSION]: () => ({ user: null }),
      [CONTACT]: () => ({ number: null, email: 'vic@example.test' }) satisfies ContactReceipt,
    });
    open();
    await fill(user, { email: 'vic@example.test' });
    await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Vic');
    await user.type(screen.getByRole('textbox', { name: /Package reference/ }), 'https://tagalong.test/p/1');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'We have your message' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'vic@example.test',
      name: 'Vic',
      topic: 'payment',
      message: 'My refund has not arrived yet.',
      packageRef: 'https://tagalong.test/p/1',
    });
  });

  it('prefills a member’s address read-only and points them to their help center', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [SESSION]: () => ({ user: member }),
      [CONTACT]: () => ({ number: 7, email: member.email }) satisfies ContactReceipt,
    });
    open();
    const email = (await screen.findByRole('textbox', { name: /Your e-mail address/ })) as HTMLInputElement;
    await waitFor(() => expect(email.value).toBe(member.email));
    expect(email.readOnly).toBe(true);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'We have your message — reference #7' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help center' }).getAttribute('href')).toBe('/user/help-center');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ email: member.email });
  });

  it('keeps the honeypot out of the accessibility tree and out of the tab order', async () => {
    mockApi({ [SESSION]: () => ({ user: null }) });
    open();
    await screen.findByRole('button', { name: 'Send message' });
    expect(screen.queryByRole('textbox', { name: 'Leave this empty' })).toBeNull();
    const trap = screen.getByLabelText('Leave this empty') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [SESSION]: () => ({ user: null }) });
    open();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter the e-mail address we should answer')).toBeTruthy();
    expect(screen.getByText('Choose what your message is about')).toBeTruthy();
    expect(screen.getByText(/Write at least 10 characters/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Your message/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the server’s field error next to its field', async () => {
    const user = userEvent.setup();
    mockApi({
      [SESSION]: () => ({ user: null }),
      [CONTACT]: () =>
        new MockResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid',
            requestId: 'test',
            fields: { packageRef: ['Paste the package’s link or leave this empty'] },
          },
        }),
    });
    open();
    await fill(user, { email: 'vic@example.test' });
    const ref = screen.getByRole('textbox', { name: /Package reference/ });
    await user.type(ref, 'not a package');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Paste the package’s link or leave this empty')).toBeTruthy();
    expect(ref.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('heading', { name: /We have your message/ })).toBeNull();
  });

  it('says when too many messages were sent, with the wait', async () => {
    const user = userEvent.setup();
    mockApi({
      [SESSION]: () => ({ user: null }),
      [CONTACT]: () =>
        new MockResponse(429, {
          error: { code: 'SUPPORT_RATE_LIMITED', message: 'x', requestId: 'test', params: { minutes: 20 } },
        }),
    });
    open();
    await fill(user, { email: 'vic@example.test' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(/write again in 20 minutes/)).toBeTruthy();
  });

  it('holds the button while the message is on its way', async () => {
    const user = userEvent.setup();
    const calls = mockApi({ [SESSION]: () => ({ user: null }), [CONTACT]: never });
    open();
    await fill(user, { email: 'vic@example.test' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const button = await screen.findByRole('button', { name: 'Sending…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
