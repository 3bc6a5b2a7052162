import { expect, it } from 'vitest';
import { newPage, setUpServerAndBrowser } from './support/harness.ts';

const env = setUpServerAndBrowser();

it('shows the transport while connected and "N/A" once the server drops the socket', async () => {
  const { context, page, errors } = await newPage(env.browser, env.server.url);
  await page.goto('/test/socket');
  const transport = page.getByTestId('transport');
  await expect.poll(() => transport.innerText(), { timeout: 10_000 }).toMatch(/^(polling|websocket)$/);
  env.server.app.gateway.io.disconnectSockets(true);
  await expect.poll(() => transport.innerText(), { timeout: 10_000 }).toBe('N/A');
  expect(errors).toEqual([]);
  await context.close();
});

it('sends a test event and shows the server acknowledgement', async () => {
  const { context, page } = await newPage(env.browser, env.server.url);
  await page.goto('/test/socket');
  await expect.poll(() => page.getByTestId('transport').innerText(), { timeout: 10_000 }).not.toBe('N/A');
  await page.getByLabel('Text payload').fill('hello from e2e');
  await page.getByRole('button', { name: 'Send event' }).click();
  await expect.poll(() => page.locator('main').innerText(), { timeout: 10_000 }).toContain('hello from e2e');
  await context.close();
});
