import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import {
  AFTER_PAINT_ELEMENT_ID,
  type RenderedFor,
  ROUTER_STATE_ELEMENT_ID,
  START_ON_INTERACTION_ATTRIBUTE,
} from '#shared/page-shell.ts';

/** What the web build's server renderer (src/web/entry-server.tsx) gives for a page. */
interface Rendered {
  html: string;
  hydrationData: unknown;
  complete: boolean;
  withData: boolean;
}
type Render = (url: string, signal?: AbortSignal, options?: RenderedFor) => Promise<Rendered | null>;
type Fetch = typeof globalThis.fetch;
interface Renderer {
  render: Render;
  fetchOnServer: (fetch: Fetch) => void;
}

export interface PrerenderRequest {
  /** No session cookie: the page is drawn signed out (ADR 0064). */
  visitor: boolean;
  /** The route lets a visitor use it before the app runs: the app starts on the first interaction. */
  startsOnInteraction: boolean;
}

/** A page that takes longer than this (with its answers, at most 1.5 s of it) is sent empty and drawn by the browser, as before prerendering. */
const RENDER_TIMEOUT_MS = 3_000;
/**
 * Pages differ only by their address and whether they are drawn for a visitor, so the last ones
 * rendered are kept (a build never changes under a process).
 */
const CACHE_SIZE = 200;
/**
 * A page drawn with the API's answers (a listing's results, ADR 0065) is kept this long: a package
 * published since shows in the next page served after it, and the app asks again when it starts.
 */
const DATA_TTL_MS = 30_000;
/** index.html's app element, as the build writes it: where a prerendered page goes. */
export const EMPTY_ROOT = '<div id="root"></div>';

/** The server renderer's folder for a browser build in `webDir` (scripts/build-web.ts writes both). */
export function ssrDirFor(webDir: string): string {
  return `${webDir.replace(/[/\\]+$/, '')}-ssr`;
}

/**
 * A prerendered page is readable before the app runs, so the app's chunks wait for it to be painted
 * (ADR 0056): their modulepreload links go into an inert <template>, which src/web/boot.ts puts
 * into the head after the first paint, fetching them all at once.
 */
export function deferAppChunks(page: string): string {
  const links: string[] = [];
  const rest = page.replace(/\s*<link rel="modulepreload"[^>]*>/g, (link) => {
    links.push(link.trim());
    return '';
  });
  if (links.length === 0 || !rest.includes('</head>')) return page;
  return rest.replace('</head>', () => `<template id="${AFTER_PAINT_ELEMENT_ID}">${links.join('')}</template></head>`);
}

/** JSON safe inside a <script> element: no `</script>` or `<!--` can close it early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The public pages' HTML, rendered on the server (ADR 0056): `prerender(url, request)` gives the
 * `#root` element with the page in it, followed by its router state, or null when the page is not a
 * plain one or rendering fails or is slow — the browser then draws the page itself, as it always
 * could. Null also when the build has no renderer. A visitor's page that starts on interaction says
 * so on `#root`, for src/web/boot.ts (ADR 0064).
 */
export async function loadPrerenderer(
  webDir: string,
  log: FastifyBaseLogger,
  api: Fetch,
  now: () => number = Date.now,
): Promise<((url: string, request: PrerenderRequest) => Promise<string | null>) | null> {
  const entry = path.join(ssrDirFor(webDir), 'entry-server.js');
  if (!existsSync(entry)) {
    log.warn({ entry }, 'no server renderer in the web build: public pages are drawn by the browser alone');
    return null;
  }
  const { render, fetchOnServer } = (await import(pathToFileURL(entry).href)) as Renderer;
  fetchOnServer(api);
  const cache = new Map<string, { root: string | null; until: number }>();

  return async (url, { visitor, startsOnInteraction }) => {
    const key = `${visitor ? 'visitor' : 'session'} ${url}`;
    const cached = cache.get(key);
    if (cached && cached.until > now()) return cached.root;
    cache.delete(key);
    let root: string | null;
    let until = Number.POSITIVE_INFINITY;
    try {
      const rendered = await render(
        `http://localhost${url}`,
        AbortSignal.timeout(RENDER_TIMEOUT_MS),
        visitor ? { visitor } : {},
      );
      // Only a page with nothing left loading waits for an interaction: it is whole without the app.
      const start =
        visitor && startsOnInteraction && rendered?.complete ? ` ${START_ON_INTERACTION_ATTRIBUTE}="interaction"` : '';
      if (rendered?.withData) until = now() + DATA_TTL_MS;
      root = rendered
        ? `<div id="root"${start}>${rendered.html}</div><script type="application/json" id="${ROUTER_STATE_ELEMENT_ID}">${scriptSafeJson(rendered.hydrationData)}</script>`
        : null;
    } catch (err) {
      // Not kept: the next request tries again.
      log.error({ err, url }, 'prerendering a page failed: sent without its HTML');
      return null;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, { root, until });
    return root;
  };
}
