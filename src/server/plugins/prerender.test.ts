import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, fakeWebDist } from '#server/test/app.ts';
import { AFTER_PAINT_ELEMENT_ID, ROUTER_STATE_ELEMENT_ID, START_ON_INTERACTION_ATTRIBUTE } from '#shared/page-shell.ts';
import { loadPrerenderer, scriptSafeJson, ssrDirFor } from './prerender.ts';

// The public pages come with their HTML (ADR 0056): the server runs the web build's renderer for
// them and writes the result into #root; every other page is the empty shell the browser draws.

const calls: string[] = [];
declare global {
  var prerenderCalls: string[] | undefined;
}

/** A web build whose renderer echoes the address, fails on "boom" and declines "decline". */
function webDistWithRenderer(): string {
  const dir = fakeWebDist();
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Tagalong</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/main-abc.js"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  const ssr = ssrDirFor(dir);
  mkdirSync(ssr);
  writeFileSync(
    path.join(ssr, 'entry-server.js'),
    `let api;
     export function fetchOnServer(fetch) { api = fetch; }
     export async function render(url, signal, options) {
       globalThis.prerenderCalls.push(url);
       if (options && options.visitor) {
         if (url.includes('answers')) {
           const asked = await Promise.all([
             api('/api/meta').then(async (r) => r.status + ' ' + (await r.json()).buildId),
             api('/api/meta', { method: 'POST' }).then((r) => String(r.status)),
             api('/assets/index-abc.js').then((r) => String(r.status)),
           ]);
           return { html: '<main>' + asked.join(', ') + '</main>', hydrationData: { loaderData: { url }, visitor: true },
                    complete: true, withData: true };
         }
         return { html: '<main>for a visitor</main>', hydrationData: { loaderData: { url }, visitor: true },
                  complete: !url.includes('loading'), withData: false };
       }
       if (url.includes('boom')) throw new Error('boom');
       if (url.includes('decline')) return null;
       return { html: '<main>rendered ' + new URL(url).search + '</main>', hydrationData: { loaderData: { url } } };
     }`,
  );
  return dir;
}

let app: FastifyInstance;
beforeAll(async () => {
  globalThis.prerenderCalls = calls;
  app = await createTestApp({ webDistDir: webDistWithRenderer() });
});
afterAll(() => app.close());

// Every request below may be signed in unless it says otherwise: a session cookie, as a browser sends it.
const SIGNED_IN = { cookie: 'theme=dark; better-auth.session_token=abc.def' };

const page = async (url: string, headers: Record<string, string> = SIGNED_IN) => {
  const res = await app.inject({ url, headers });
  // A shared cache must not give a visitor's page to a member, or the other way round.
  if (res.body.includes(ROUTER_STATE_ELEMENT_ID)) expect(res.headers.vary, url).toBe('Cookie');
  const state = res.body.match(
    new RegExp(`<script type="application/json" id="${ROUTER_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`),
  )?.[1];
  return { status: res.statusCode, body: res.body, state: state ? JSON.parse(state) : null };
};

describe('prerendered public pages', () => {
  it('writes a public page into #root with its router state, and lets the app chunks wait for the paint', async () => {
    const res = await page('/about?from=paris-fr');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"><main>rendered ?from=paris-fr</main></div>');
    expect(res.state).toEqual({ loaderData: { url: 'http://localhost/about?from=paris-fr' } });
    // The app's chunks are fetched once the page is painted (src/web/boot.ts), not before.
    expect(res.body).toContain(
      `<template id="${AFTER_PAINT_ELEMENT_ID}"><link rel="modulepreload" crossorigin href="/assets/main-abc.js"></template></head>`,
    );
    expect(res.body.match(/<link rel="modulepreload"/g)).toHaveLength(1);
  });

  it('leaves member pages, demo-only pages and unknown addresses to the browser', async () => {
    const before = calls.length;
    for (const url of ['/user/dashboard', '/admin/users', '/dev/mailbox', '/no-such-page']) {
      const res = await page(url);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.state, url).toBeNull();
      expect(res.body, url).not.toContain(AFTER_PAINT_ELEMENT_ID);
      expect(res.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/main-abc.js"></head>');
    }
    expect(calls.length).toBe(before);
  });

  it('renders an address once, then answers from memory', async () => {
    await page('/packages?from=reims-fr');
    await page('/packages?from=reims-fr');
    expect(calls.filter((u) => u.endsWith('/packages?from=reims-fr'))).toHaveLength(1);
  });

  it('sends the empty shell when rendering fails, and tries again on the next request', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await page('/about?boom=1');
      expect(res.status).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.state).toBeNull();
    }
    expect(calls.filter((u) => u.includes('boom'))).toHaveLength(2);
    const declined = await page('/about?decline=1');
    expect(declined.body).toContain('<div id="root"></div>');
  });

  it('draws a visitor’s page signed out, and lets the home page wait for the visitor’s first interaction', async () => {
    const home = await page('/', {});
    expect(home.body).toContain(
      `<div id="root" ${START_ON_INTERACTION_ATTRIBUTE}="interaction"><main>for a visitor</main></div>`,
    );
    expect(home.state).toEqual({ loaderData: { url: 'http://localhost/' }, visitor: true });
    const secure = await page('/', { cookie: '__Secure-better-auth.session_token=abc.def' });
    expect(secure.body).toContain('<div id="root"><main>rendered </main></div>');

    // Other public pages are drawn for the visitor but start at load, as before.
    const terms = await page('/terms-and-conditions?visitor=1', {});
    expect(terms.body).toContain('<div id="root"><main>for a visitor</main></div>');
    // A page that would wait for an interaction but still shows something loading starts at load.
    const listing = await page('/packages?visitor=1', {});
    expect(listing.body).toContain(`<div id="root" ${START_ON_INTERACTION_ATTRIBUTE}="interaction">`);
    const loading = await page('/packages?loading=1', {});
    expect(loading.body).toContain('<div id="root"><main>for a visitor</main></div>');

    // Someone who may be signed in gets the page with its session to be asked, and the app at load.
    const member = await page('/');
    expect(member.body).toContain('<div id="root"><main>rendered </main></div>');
    expect(member.body).not.toContain(START_ON_INTERACTION_ATTRIBUTE);
    expect(member.state).toEqual({ loaderData: { url: 'http://localhost/' } });
    // The two renderings of one address are kept apart.
    expect((await page('/', {})).body).toContain('for a visitor');
  });

  it('gives the renderer the API for reading only, answered in-process as a visitor sees it', async () => {
    const res = await page('/packages?answers=1', {});
    // GET /api/meta answered (with the build's id), a POST and an address outside /api refused.
    expect(res.body).toContain('<main>200 test-build, 405, 405</main>');
  });

  it("keeps a page drawn with the API's answers for 30 s, and one without them for the process's life", async () => {
    let now = 1_000;
    const prerender = await loadPrerenderer(
      webDistWithRenderer(),
      pino({ level: 'silent' }),
      async () => Response.json({ buildId: 'b' }),
      () => now,
    );
    expect(prerender).not.toBeNull();
    const visit = (url: string) => prerender?.(url, { visitor: true, startsOnInteraction: true });
    const renders = (url: string) => calls.filter((u) => u === `http://localhost${url}`).length;

    expect(await visit('/packages?answers=ttl')).toContain('<main>200 b, 200, 200</main>');
    await visit('/about?ttl=1');
    now += 29_000;
    await visit('/packages?answers=ttl');
    expect(renders('/packages?answers=ttl')).toBe(1);
    now += 2_000;
    await visit('/packages?answers=ttl');
    expect(renders('/packages?answers=ttl')).toBe(2);
    now += 86_400_000;
    await visit('/about?ttl=1');
    expect(renders('/about?ttl=1')).toBe(1);
  });

  it('keeps markup in the address from closing the state script', async () => {
    const res = await page('/about?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(res.body).not.toMatch(/<script>alert/);
    expect(res.state.loaderData.url).toContain('%3C/script%3E');
    expect(scriptSafeJson({ s: '</script><!--\u2028' })).toBe('{"s":"\\u003c/script>\\u003c!--\\u2028"}');
    expect(JSON.parse(scriptSafeJson({ s: '</script><!--\u2028' }))).toEqual({ s: '</script><!--\u2028' });
  });
});
