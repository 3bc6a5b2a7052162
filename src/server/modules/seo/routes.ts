import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { robotsTxt, sitemapXml } from './service.ts';

export interface SeoRoutesOptions {
  db: Database;
  baseUrl: string;
  clock?: () => Date;
}

/** /robots.txt and /sitemap.xml, for search engines (ADR 0054). Answered in every mode. */
export const seoRoutes: FastifyPluginAsync<SeoRoutesOptions> = async (
  app,
  { db, baseUrl, clock = () => new Date() },
) => {
  const robots = robotsTxt(baseUrl);
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(await sitemapXml(db, baseUrl, clock())),
  );
};
