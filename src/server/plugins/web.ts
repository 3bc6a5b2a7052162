import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { buildInfoSchema } from '#shared/meta.ts';
import { matchRoute } from '#shared/routes.ts';
import { errorBody } from './errors.ts';

export interface WebOptions {
  distDir: string;
  demoMode: boolean;
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
  const indexHtml = built ? readFileSync(path.join(root, 'index.html'), 'utf8') : NOT_BUILT_PAGE;

  const sendPage = (req: FastifyRequest, reply: FastifyReply) => {
    const pathname = new URL(req.url, 'http://x').pathname;
    const match = matchRoute(pathname, { demoMode: options.demoMode });
    return reply
      .code(match.kind === 'page' ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
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
