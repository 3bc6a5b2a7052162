import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type E2EServer, launchBrowser, newPage, startServer } from './support/harness.ts';

let server: E2EServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('shows the transport while connected and "N/A" once the server drops the socket', async () => {
  const { context, page, errors } = await newPage(browser, server.url);
  await page.goto('/test/socket');
  const transport = page.getByTestId('transport');
  await expect.poll(() => transport.innerText(), { timeout: 10_000 }).toMatch(/^(polling|websocket)$/);
  server.app.gateway.io.disconnectSockets(true);
  await expect.poll(() => transport.innerText(), { timeout: 10_000 }).toBe('N/A');
  expect(errors).toEqual([]);
  await context.close();
});

it('sends a test event and shows the server acknowledgement', async () => {
  const { context, page } = await newPage(browser, server.url);
  await page.goto('/test/socket');
  await expect.poll(() => page.getByTestId('transport').innerText(), { timeout: 10_000 }).not.toBe('N/A');
  await page.getByLabel('Text payload').fill('hello from e2e');
  await page.getByRole('button', { name: 'Send event' }).click();
  await expect.poll(() => page.locator('main').innerText(), { timeout: 10_000 }).toContain('hello from e2e');
  await context.close();
});
