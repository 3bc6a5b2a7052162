import { existsSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildInfoSchema } from '#shared/meta.ts';
import { isPrerendered, matchRoute, type RouteMatch } from '#shared/routes.ts';
import { errorBody } from './errors.ts';
import { deferAppChunks, EMPTY_ROOT, loadPrerenderer } from './prerender.ts';

export interface WebOptions {
  distDir: string;
  demoMode: boolean;
  /** The tags for a page's <head> (title, description, canonical, Open Graph; ADR 0054). */
  head?: (url: URL, match: RouteMatch) => string;
  /**
   * Whether a request may be signed in (it carries a session cookie). Without it every request is
   * taken as possibly signed in, and no page is drawn for a visitor (ADR 0064).
   */
  hasSessionCookie?: (headers: IncomingHttpHeaders) => boolean;
}

const HEAD_SLOT = '<!--tagalong-head-->';

/**
 * index.html with its <title> and description replaced by a slot, so each page request writes its
 * own; the slot goes before </head> (or at the end) when the page has no title to replace.
 */
export function withHeadSlot(html: string): string {
  const stripped = html.replace(/\s*<meta\s+name="description"[^>]*>/i, '');
  if (/<title>[\s\S]*?<\/title>/i.test(stripped)) return stripped.replace(/<title>[\s\S]*?<\/title>/i, HEAD_SLOT);
  return stripped.includes('</head>') ? stripped.replace('</head>', `${HEAD_SLOT}</head>`) : `${HEAD_SLOT}${stripped}`;
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tagalong</title></head>
<body><main><h1>Tagalong</h1><p>The web app is not built yet. Run <code>npm run build</code>.</p></main></body></html>`;

/** The build id the web bundle was made with, so /api/meta and builds/latest.json agree. */
export function readBuildId(distDir: string): string {
  const file = path.join(distDir, 'builds', 'latest.json');
  if (!existsSync(file)) return 'unbuilt';
  return buildInfoSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).id;
}

/**
 * The modulepreload links of each page's own chunks (builds/preloads.json, written by vite.config.ts),
 * by route path: the browser fetches them with the entry chunk instead of after it has run (ADR 0054).
 */
export function readPagePreloads(distDir: string): Map<string, string> {
  const file = path.join(distDir, 'builds', 'preloads.json');
  if (!existsSync(file)) return new Map();
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  const safe = /^assets\/[\w.-]+\.js$/;
  return new Map(
    Object.entries(table).map(([route, files]) => [
      route,
      files
        .filter((f) => safe.test(f))
        .map((f) => `\n    <link rel="modulepreload" crossorigin href="/${f}">`)
        .join(''),
    ]),
  );
}

/**
 * Serves the built web app. Hashed assets are immutable; index.html and builds/latest.json are
 * revalidated on every load so a deploy is seen at once. Page paths get index.html with the
 * status the route table gives: 200 for a known page, 404 for anything else.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const root = path.resolve(options.distDir);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Read once: a new build means a restart (npm start rebuilds first), and this is every page load.
  const indexHtml = withHeadSlot(built ? readFileSync(path.join(root, 'index.html'), 'utf8') : NOT_BUILT_PAGE);
  const [beforeHead = '', afterHead = ''] = indexHtml.split(HEAD_SLOT);
  const preloads = readPagePreloads(root);
  // The page's own chunks come after the entry chunk and its imports, which index.html lists last in its head.
  const headEnd = Math.max(0, afterHead.indexOf('</head>'));
  const [midHead, tail] = [afterHead.slice(0, headEnd), afterHead.slice(headEnd)];

  // The renderer's requests for a page's answers (ADR 0065): read-only, to the API, with no cookie,
  // so it only ever sees what a visitor may; answered in-process, never over the network.
  const api: typeof fetch = async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (method !== 'GET' || !target.pathname.startsWith('/api/')) return new Response(null, { status: 405 });
    const res = await app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { accept: 'application/json' },
    });
    const type = res.headers['content-type'];
    return new Response(res.payload, {
      status: res.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
  const prerender = built ? await loadPrerenderer(root, app.log, api) : null;

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(req.url, 'http://x');
    const match = matchRoute(url.pathname, { demoMode: options.demoMode });
    const head = options.head ? options.head(url, match) : '<title>Tagalong</title>';
    const preload = match.kind === 'page' ? (preloads.get(match.route.path) ?? '') : '';
    let page = beforeHead + head + midHead + preload + tail;
    const rendered =
      prerender && match.kind === 'page' && isPrerendered(match.route)
        ? await prerender(`${url.pathname}${url.search}`, {
            visitor: options.hasSessionCookie ? !options.hasSessionCookie(req.headers) : false,
            startsOnInteraction: match.route.startsOnInteraction === true,
          })
        : null;
    if (rendered && page.includes(EMPTY_ROOT)) page = deferAppChunks(page.replace(EMPTY_ROOT, () => rendered));
    // A page drawn for a visitor differs from one for a request with a session cookie (ADR 0064).
    if (rendered && options.hasSessionCookie) reply.header('vary', 'Cookie');
    return reply
      .code(match.kind === 'page' ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  };

  app.get('/', { schema: { hide: true } }, sendPage);

  app.setNotFoundHandler((req, reply) => {
    const pathname = new URL(req.url, 'http://x').pathname;
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/') &&
      !pathname.startsWith('/builds/');
    if (isPage) return sendPage(req, reply);
    return reply.code(404).send(errorBody('NOT_FOUND', { message: `No such endpoint: ${req.method} ${pathname}` }));
  });
});
