import { type AddressInfo, createServer } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { buildStartedApp, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { latestMailLink, TEST_PASSWORD } from '#server/test/users.ts';
import { waitForAppAfterNavigation } from './app-ready.ts';

export interface E2EServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let started: E2EServer | undefined;
function currentServer(): E2EServer {
  if (!started) throw new Error('startServer() first');
  return started;
}

/** The real app on a clean database, serving the build made in global setup, on a free loopback port. */
export async function startServer(options: { demoMode?: boolean; config?: Partial<Config> } = {}): Promise<E2EServer> {
  const database = await createTestDatabase();
  // Known before the app is built, so links in e-mails point at this very server.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = await buildStartedApp(
    testConfig({
      webDistDir: inject('webDistDir'),
      demoMode: options.demoMode ?? true,
      // Silent by default; E2E_LOG_LEVEL=warn shows what the server said while a flaky test ran.
      ...(process.env.E2E_LOG_LEVEL ? { logLevel: process.env.E2E_LOG_LEVEL } : {}),
      port,
      baseUrl: url,
      ...options.config,
    }),
    { database },
  );
  await app.listen({ host: '127.0.0.1', port });
  started = { url, app, database, close: () => app.close() };
  return started;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page that remembers every console error and uncaught exception, for the no-errors checks. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB' });
  waitForAppAfterNavigation(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  return { context, page, errors };
}

/**
 * Resolves when the page has the server's facts (/api/meta), which decide what some pages offer (the
 * Google button). Start it before the navigation: `const meta = appMetaLoaded(page); await page.goto(…)`.
 */
export function appMetaLoaded(page: Page) {
  return page.waitForResponse((r) => new URL(r.url()).pathname === '/api/meta');
}

/**
 * A session cookie that proves nothing (an expired session's): the server then draws its public pages
 * without the API's answers, which the browser asks for itself (ADR 0065), so a test's stubbed
 * answer (`page.route('**\/api/meta', …)`) is the one the page reads.
 */
export async function withStaleSessionCookie(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'better-auth.session_token', value: 'expired.session', url: baseURL }]);
}

/** axe-core on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // A toast sliding in is half transparent: measure colours once transitions have settled.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Sign up through the real API in the browser context and open the verification link from the
 * e-mail (embedded outbox), which signs the browser in, as a person would.
 */
export async function signUp(context: BrowserContext, email: string, name = 'Test User'): Promise<string> {
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: TEST_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const link = new URL(await latestMailLink(currentServer().database.db, email, /https?:\/\/\S+verify-email\S+/));
  const verified = await context.request.get(link.pathname + link.search);
  expect(verified.ok()).toBe(true);
  return (await res.json()).user.id as string;
}

/** Until the back office can promote users (admin issue), tests promote through the database. */
export async function makeAdmin(server: E2EServer, userId: string) {
  const { eq } = await import('drizzle-orm');
  const { user } = await import('#server/db/schema/auth.ts');
  await server.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, userId));
  await server.app.sessions.userChanged(userId);
}

/**
 * A failed test's error with what the page showed then and the browser's errors: a flake seen only in a
 * CI log can then be read rather than guessed at.
 */
async function withWhatThePageShowed(err: unknown, { page, errors }: { page: Page; errors: string[] }) {
  if (!(err instanceof Error)) return err;
  const text = await page
    .locator('body')
    .innerText({ timeout: 2000 })
    .catch((cause: Error) => `(unreadable: ${cause.message.split('\n')[0]})`);
  const shown = text.replace(/\n{2,}/g, '\n').slice(0, 2000);
  err.message += `\n--- ${page.url()} showed:\n${shown}\n--- browser errors: ${errors.length ? errors.join('\n') : 'none'}`;
  return err;
}

/**
 * The usual set-up of an e2e file: one server and one browser for the whole file, started before
 * its tests and stopped after. Read `env.server` and `env.browser` inside the tests.
 */
export function setUpServerAndBrowser(options: Parameters<typeof startServer>[0] = {}) {
  const env = {
    /** A fresh browser context for one test, closed after it whatever happens. */
    async withPage<T>(
      fn: (p: Awaited<ReturnType<typeof newPage>>) => Promise<T>,
      viewport?: { width: number; height: number },
    ) {
      const p = await newPage(env.browser, env.server.url, viewport);
      try {
        return await fn(p);
      } catch (err) {
        throw await withWhatThePageShowed(err, p);
      } finally {
        await p.context.close();
      }
    },
  } as {
    server: E2EServer;
    browser: Browser;
    withPage: <T>(
      fn: (p: Awaited<ReturnType<typeof newPage>>) => Promise<T>,
      viewport?: { width: number; height: number },
    ) => Promise<T>;
  };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(options), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
