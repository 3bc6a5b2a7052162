import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ConversationList } from '#shared/chat.ts';
import { DEMO_PASSWORD } from '#shared/demo.ts';
import { expectAccessible, newPage, setUpServerAndBrowser } from './support/harness.ts';

// The demo sender (Sam) and the demo traveler (Tess), each in their own
// browser context, share their seeded conversation (one per pair: it holds what they wrote about
// every package she carried, the chocolates last). A message from one appears in the other's open
// conversation without a reload, with the toast; unread counts go up and back to zero on reading;
// read ticks and presence change live; the other's online dot goes off within 5 s of closing.

const env = setUpServerAndBrowser({ demoMode: true });
const SAM = 'sender@tagalong.test';
const TESS = 'traveler@tagalong.test';
const phone = { width: 360, height: 740 };

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
}

async function conversationsOf(context: BrowserContext): Promise<ConversationList> {
  return (await context.request.get('/api/communication/chat/conversations')).json();
}

/** A conversation's row, by its id. */
const conversationRow = (page: Page, id: string) =>
  page.getByRole('list', { name: 'Conversations' }).locator(`a[data-conversation="${id}"]`);
/** The row's unread badge: its number, 0 when there is none. */
const rowUnread = async (page: Page, id: string) => {
  const badge = conversationRow(page, id).locator('[data-count]');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
};
const rowPresence = (page: Page, id: string) =>
  conversationRow(page, id).locator('[data-presence]').getAttribute('data-presence');
/** The header's messages link carries the total unread in its name ("Messages, 2 unread messages"). */
const headerMessages = (page: Page) => page.getByTestId('messages-link').innerText();
const headerUnread = async (page: Page) => {
  const badge = page.getByTestId('messages-link').locator('[data-count]');
  return (await badge.count()) === 0 ? 0 : Number(await badge.getAttribute('data-count'));
};
/**
 * Waits for the header's total to read `expected`; when it does not, says what the server counts, so
 * a failure tells a stale page from a wrong count.
 */
async function expectHeaderUnread(page: Page, context: BrowserContext, expected: number) {
  try {
    await expect.poll(() => headerUnread(page)).toBe(expected);
  } catch (err) {
    const server = await (await context.request.get('/api/communication/chat/total-unread')).json();
    throw new Error(
      `The header shows ${await headerUnread(page)} unread; the server counts ${JSON.stringify(server)}`,
      {
        cause: err,
      },
    );
  }
}
const toast = (page: Page, content: string) =>
  page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'You have received a new message' })
    .filter({ hasText: content });
const openConversation = (page: Page) => page.locator('[data-conversation-view]');
const messageItems = (page: Page) => openConversation(page).locator('li[data-message]');
const composer = (page: Page, to: string) => page.getByRole('textbox', { name: `Message to ${to}` });
const tickOf = (page: Page, content: string) =>
  messageItems(page).filter({ hasText: content }).locator('[data-status]').getAttribute('data-status');

describe('chat between two members (two browser contexts)', () => {
  it('delivers live both ways with toasts, counts unread up and back to zero, ticks and presence', async () => {
    const sam = await newPage(env.browser, env.server.url);
    const tess = await newPage(env.browser, env.server.url, phone);
    try {
      await signIn(sam.context, SAM);
      await signIn(tess.context, TESS);
      const { items } = await conversationsOf(sam.context);
      // One conversation per pair: Sam and Tess have one, however many packages she carried for him.
      expect(items).toHaveLength(1);
      const [conversation] = items;
      expect(conversation?.recipient.name).toBe('Tess Traveler');
      expect(conversation?.lastMessage?.content).toBe('I will be wearing a green jacket 🙂');
      const id = conversation?.id as string;

      // Sam sees the demo conversation with Tess's two unread messages; Tess is not here yet.
      await sam.page.goto('/user/communication/messages');
      await expect.poll(() => sam.page.getByRole('list', { name: 'Conversations' }).getByRole('link').count()).toBe(1);
      expect(await conversationRow(sam.page, id).innerText()).toContain('Tess Traveler');
      await expect.poll(() => rowUnread(sam.page, id)).toBe(2);
      await expectHeaderUnread(sam.page, sam.context, 2);
      expect(await rowPresence(sam.page, id)).toBe('offline');
      await expectAccessible(sam.page);

      // Tess opens her messages (360 px: the list is the first screen); Sam sees her come online.
      await tess.page.goto('/user/communication/messages');
      await expect.poll(() => rowPresence(tess.page, id)).toBe('online');
      await expect.poll(() => rowPresence(sam.page, id), { timeout: 5_000 }).toBe('online');

      // Sam opens the conversation: Tess's messages are read, Sam's counts go back to zero.
      await conversationRow(sam.page, id).click();
      await sam.page.waitForURL(`**/user/communication/messages?c=${id}`);
      await messageItems(sam.page).filter({ hasText: 'I will be wearing a green jacket' }).waitFor();
      await expect.poll(() => rowUnread(sam.page, id)).toBe(0);
      await expectHeaderUnread(sam.page, sam.context, 0);
      expect(await headerMessages(sam.page)).not.toMatch(/unread/);
      // The newest message is at the bottom, in view.
      const lastShown = messageItems(sam.page).last();
      expect(await lastShown.innerText()).toContain('I will be wearing a green jacket');
      expect(await lastShown.isVisible()).toBe(true);
      await expectAccessible(sam.page);

      // Sam writes (Enter sends); Tess, on her list, gets the toast and an unread count.
      const hello = 'See you at 9:00 by the main entrance, Tess!';
      await composer(sam.page, 'Tess Traveler').fill(hello);
      await composer(sam.page, 'Tess Traveler').press('Enter');
      await messageItems(sam.page).filter({ hasText: hello }).waitFor();
      // The socket can bring the message back before the send's own answer empties the box.
      await expect.poll(() => composer(sam.page, 'Tess Traveler').inputValue()).toBe('');
      expect(await tickOf(sam.page, hello)).toBe('delivered');
      await toast(tess.page, hello).waitFor({ timeout: 5_000 });
      await expect.poll(() => rowUnread(tess.page, id)).toBe(1);
      await expectHeaderUnread(tess.page, tess.context, 1);
      expect(await conversationRow(tess.page, id).innerText()).toContain(hello);
      // Sam's own message is not announced to Sam.
      expect(await toast(sam.page, hello).count()).toBe(0);

      // Tess opens it (the conversation is the second screen, with a way back): read, counts to zero,
      // and Sam's tick turns to "read" without a reload.
      await conversationRow(tess.page, id).click();
      await tess.page.getByRole('link', { name: 'Back to conversations' }).waitFor();
      expect(await tess.page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
      await messageItems(tess.page).filter({ hasText: hello }).waitFor();
      await expectHeaderUnread(tess.page, tess.context, 0);
      await expect.poll(() => tickOf(sam.page, hello), { timeout: 5_000 }).toBe('read');
      expect(
        await tess.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expectAccessible(tess.page);

      // Tess answers on two lines (Shift+Enter); it appears in Sam's open conversation with the toast,
      // and since Sam is looking at it, it is read at once: no unread for Sam, a read tick for Tess.
      const box = composer(tess.page, 'Sam Sender');
      await box.pressSequentially('Great!');
      await box.press('Shift+Enter');
      await box.pressSequentially('Green jacket, remember');
      expect(await box.inputValue()).toBe('Great!\nGreen jacket, remember');
      await box.press('Enter');
      await messageItems(sam.page).filter({ hasText: 'Green jacket, remember' }).waitFor({ timeout: 5_000 });
      await toast(sam.page, 'Green jacket, remember').waitFor();
      expect(await messageItems(sam.page).last().innerText()).toContain('Green jacket, remember');
      await expect.poll(() => tickOf(tess.page, 'Green jacket, remember'), { timeout: 5_000 }).toBe('read');
      // Sam's counts rise with the message and fall when his "read" is answered, which can be after
      // Tess hears of it.
      await expectHeaderUnread(sam.page, sam.context, 0);
      await expect.poll(() => rowUnread(sam.page, id)).toBe(0);

      // The back button returns Tess to the list.
      await tess.page.getByRole('link', { name: 'Back to conversations' }).click();
      await conversationRow(tess.page, id).waitFor();

      // Tess closes her page: Sam sees her go offline within 5 s, in the list and the open conversation.
      await tess.page.close();
      await expect
        .poll(() => openConversation(sam.page).locator('header [data-presence]').getAttribute('data-presence'), {
          timeout: 5_000,
        })
        .toBe('offline');
      expect(await rowPresence(sam.page, id)).toBe('offline');

      // After a reload everything is as it was left: stored, read, in order.
      await sam.page.reload();
      await messageItems(sam.page).filter({ hasText: 'Green jacket, remember' }).waitFor();
      expect(await messageItems(sam.page).last().innerText()).toContain('Green jacket, remember');
      expect(await tickOf(sam.page, hello)).toBe('read');
      expect(sam.errors).toEqual([]);
      expect(tess.errors).toEqual([]);
    } finally {
      await sam.context.close();
      await tess.context.close();
    }
  });

  it('loads older messages on scrolling up without moving the view, and keeps the text when sending fails', async () => {
    const sam = await newPage(env.browser, env.server.url);
    const tess = await newPage(env.browser, env.server.url);
    try {
      await signIn(sam.context, SAM);
      await signIn(tess.context, TESS);
      const [conversation] = (await conversationsOf(sam.context)).items;
      const id = conversation?.id as string;
      // More than a page (30) of history.
      for (let i = 1; i <= 35; i += 1) {
        const res = await sam.context.request.post(`/api/communication/chat/conversations/${id}/messages`, {
          data: { content: `Numbered note ${i}` },
        });
        expect(res.status()).toBe(201);
      }

      await tess.page.goto(`/user/communication/messages?c=${id}`);
      await messageItems(tess.page).filter({ hasText: 'Numbered note 35' }).waitFor();
      expect(await messageItems(tess.page).count()).toBe(30);
      await expectHeaderUnread(tess.page, tess.context, 0);

      // Scrolling to the top loads the older page above; what was on screen stays where it was.
      const scroller = tess.page.getByRole('region', { name: 'Messages with Sam Sender' });
      // Notes 35 to 6 are the first page; note 6 is at the top of the box when it is scrolled up.
      const anchor = messageItems(tess.page).filter({ hasText: 'Numbered note 6' });
      await scroller.evaluate((el) => {
        el.scrollTop = 0;
      });
      await tess.page.getByText('This is the start of your conversation.').waitFor();
      expect(await messageItems(tess.page).count()).toBeGreaterThan(35);
      expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      const anchorTop = await anchor.evaluate((el) => el.getBoundingClientRect().top);
      const boxTop = await scroller.evaluate((el) => el.getBoundingClientRect().top);
      expect(anchorTop).toBeGreaterThan(boxTop);
      expect(anchorTop).toBeLessThan(boxTop + 120);
      // Oldest first on screen: the conversation opens with the first package Tess carried for Sam,
      // weeks before the chocolates.
      expect(await messageItems(tess.page).first().innerText()).toContain(
        'Thanks for inviting me to carry your board game, Sam!',
      );
      expect(
        await messageItems(tess.page).filter({ hasText: 'Thanks for accepting my offer for your chocolates' }).count(),
      ).toBe(1);

      // A failed send says so and keeps the text.
      await tess.page.route('**/api/communication/chat/conversations/*/messages', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try again in a moment.' } }),
            })
          : route.continue(),
      );
      const box = composer(tess.page, 'Sam Sender');
      await box.fill('This one will not go');
      await box.press('Enter');
      await tess.page.getByRole('alert').filter({ hasText: "Your message wasn't sent" }).waitFor();
      expect(await box.inputValue()).toBe('This one will not go');
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await messageItems(tess.page).filter({ hasText: 'This one will not go' }).count()).toBe(0);
      await tess.page.unroute('**/api/communication/chat/conversations/*/messages');
      await box.press('Enter');
      await messageItems(tess.page).filter({ hasText: 'This one will not go' }).waitFor();
      // As above: the socket's copy can come before the send's answer.
      await expect.poll(() => box.inputValue()).toBe('');
      expect(tess.errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
    } finally {
      await sam.context.close();
      await tess.context.close();
    }
  });

  it('after a dropped connection, refetches conversations, the total unread and notifications', async () => {
    const sam = await newPage(env.browser, env.server.url);
    const tess = await newPage(env.browser, env.server.url, phone);
    try {
      await signIn(sam.context, SAM);
      await signIn(tess.context, TESS);
      const [conversation] = (await conversationsOf(sam.context)).items;
      const id = conversation?.id as string;
      const tessId = conversation?.recipient.id as string;
      await tess.page.goto('/user/communication/messages');
      await conversationRow(tess.page, id).waitFor();
      await expect
        .poll(() => tess.page.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
        .toBe('true');
      const before = await rowUnread(tess.page, id);

      // The server loses Tess's connection; Sam writes meanwhile. Her socket comes back by itself
      // (no page event, no focus, no "online" that would make the page refetch for other reasons),
      // and the page asks again for what it shows.
      const refetched = [
        '/api/communication/chat/conversations',
        '/api/communication/chat/total-unread',
        '/api/notifications/unread-count',
      ].map((path) => tess.page.waitForRequest((r) => new URL(r.url()).pathname === path, { timeout: 10_000 }));
      for (const socket of env.server.app.gateway.io.of('/').sockets.values())
        if (socket.data.user?.id === tessId) socket.conn.close();
      const missed = 'Sent while your connection was down';
      const res = await sam.context.request.post(`/api/communication/chat/conversations/${id}/messages`, {
        data: { content: missed },
      });
      expect(res.status()).toBe(201);
      await Promise.all(refetched);
      await expect
        .poll(() => tess.page.getByTestId('realtime-connection').getAttribute('data-connected'), { timeout: 10_000 })
        .toBe('true');
      await expect.poll(() => conversationRow(tess.page, id).innerText()).toContain(missed);
      await expect.poll(() => rowUnread(tess.page, id)).toBe(before + 1);
      await expectHeaderUnread(tess.page, tess.context, before + 1);
      expect(tess.errors).toEqual([]);

      // A failed total-unread fetch is only logged. The next message still arrives, the
      // badge keeps what it knew, and no error reaches the member.
      const warnings: string[] = [];
      tess.page.on('console', (msg) => (msg.type() === 'warning' ? warnings.push(msg.text()) : undefined));
      let refused = 0;
      await tess.page.route('**/api/communication/chat/total-unread', (route) => {
        refused += 1;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }),
        });
      });
      const afterOutage = 'Sent while the count is unavailable';
      const again = await sam.context.request.post(`/api/communication/chat/conversations/${id}/messages`, {
        data: { content: afterOutage },
      });
      expect(again.status()).toBe(201);
      await expect.poll(() => conversationRow(tess.page, id).innerText()).toContain(afterOutage);
      await expect.poll(() => refused).toBeGreaterThan(0);
      await expect
        .poll(() => warnings.filter((w) => w.includes('Could not fetch the total unread messages')).length)
        .toBeGreaterThan(0);
      expect(await headerUnread(tess.page)).toBe(before + 1);
      expect(await tess.page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);
      expect(tess.errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
    } finally {
      await sam.context.close();
      await tess.context.close();
    }
  });
});
