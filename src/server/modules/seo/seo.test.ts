import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { insertPackage, insertTravelPlan, insertUser, places } from '#server/modules/matching/test/factory.ts';
import { createTestApp, fakeWebDist, testConfig } from '#server/test/app.ts';
import { createTestDatabase } from '#server/test/database.ts';
import { HOME_TITLE } from '#shared/routes.ts';
import { indexedRoutes, pageHead } from './service.ts';

// Head tags per page, robots.txt and sitemap.xml (ADR 0054), answered by the whole app.

let app: FastifyInstance;
const BASE = 'https://tagalong.example';

beforeAll(async () => {
  app = await createTestApp({ baseUrl: BASE });
  await app.ready();
  const db = app.database.db;
  const sam = await insertUser(db, { name: 'Sam Sender' });
  const banned = await insertUser(db, { name: 'Bad Actor', banned: true });
  await insertPackage(db, sam, { title: 'Paris to Berlin' });
  await insertPackage(db, sam, { title: 'Again Paris to Berlin' });
  await insertPackage(db, sam, { title: 'Reims to Leipzig', from: places.reims, to: places.leipzig });
  await insertPackage(db, sam, { title: 'A draft', from: places.versailles, to: places.potsdam, status: 'draft' });
  await insertPackage(db, banned, { title: 'Banned', from: places.auckland, to: places.potsdam });
  await insertTravelPlan(db, sam, { from: places.versailles, to: places.potsdam });
  await insertTravelPlan(db, sam, { from: places.reims, to: places.berlin, status: 'cancelled' });
});
afterAll(() => app.close());

const head = async (url: string) => {
  const res = await app.inject(url);
  const html = res.body;
  const meta = (attr: string, name: string) =>
    html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`))?.[1]?.replaceAll('&amp;', '&') ?? null;
  return {
    status: res.statusCode,
    html,
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? null,
    titles: html.match(/<title>/g)?.length ?? 0,
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: html.match(/<link rel="canonical" href="([^"]*)">/)?.[1]?.replaceAll('&amp;', '&') ?? null,
    og: (name: string) => meta('property', `og:${name}`),
    twitter: meta('name', 'twitter:card'),
  };
};

describe('head tags per page', () => {
  it('gives the home page its title, description, canonical address and Open Graph tags', async () => {
    const h = await head('/');
    expect(h.status).toBe(200);
    expect(h.titles).toBe(1);
    expect(h.title).toBe(HOME_TITLE);
    expect(h.description).toMatch(/^Send a package with a traveler/);
    expect(h.canonical).toBe(`${BASE}/`);
    expect(h.og('title')).toBe(HOME_TITLE);
    expect(h.og('description')).toBe(h.description);
    expect(h.og('url')).toBe(`${BASE}/`);
    expect(h.og('type')).toBe('website');
    expect(h.og('site_name')).toBe('Tagalong');
    expect(h.og('image')).toBe(`${BASE}/og-image.png`);
    expect(h.twitter).toBe('summary_large_image');
    expect(h.robots).toBeNull();
    expect(h.html).toContain('<div id="root">');
  });

  it.each([
    ['/about', 'About Tagalong · Tagalong'],
    ['/auth/login', 'Sign in · Tagalong'],
    ['/privacy-policy', 'Privacy policy · Tagalong'],
  ])('titles %s as the client does, and points to itself without the query', async (path, title) => {
    const h = await head(`${path}?utm_source=mail&x=1`);
    expect(h.title).toBe(title);
    expect(h.description).toBeTruthy();
    expect(h.canonical).toBe(`${BASE}${path}`);
  });

  it('describes a listing by its cities and keeps only from and to in its canonical address', async () => {
    const h = await head('/packages?to=Berlin-DE&sort=reward&from=paris-fr&cursor=abc');
    expect(h.title).toBe('Packages to carry · Tagalong');
    expect(h.description).toMatch(/^Open packages from Paris to Berlin/);
    expect(h.canonical).toBe(`${BASE}/packages?from=paris-fr&to=berlin-de`);
    expect(h.og('url')).toBe(h.canonical);
    const trips = await head('/trips?from=paris-fr');
    expect(trips.description).toMatch(/^Upcoming trips from Paris on Tagalong/);
    expect(trips.canonical).toBe(`${BASE}/trips?from=paris-fr`);
  });

  it('points a public page with a parameter to its own address', () => {
    const id = '3f0e8a4e-5b8c-4d1e-9a7b-2c6d8e9f0a1b';
    const html = pageHead({
      baseUrl: BASE,
      url: new URL(`${BASE}/things/${id}/?ref=mail`),
      match: {
        kind: 'page',
        route: { path: '/things/{id}', layout: 'miscpages', title: 'Thing', description: 'A thing.' },
        params: { id },
      },
      placeBySlug: () => null,
    });
    expect(html).toContain(`<link rel="canonical" href="${BASE}/things/${id}">`);
    expect(html).toContain(`<meta property="og:url" content="${BASE}/things/${id}">`);
  });

  it('leaves out a city the gazetteer does not know', async () => {
    const h = await head('/packages?from=atlantis-zz&to=berlin-de');
    expect(h.canonical).toBe(`${BASE}/packages?to=berlin-de`);
    expect(h.description).toMatch(/^Open packages to Berlin/);
  });

  it('escapes what it writes from the address', async () => {
    const h = await head('/packages?from=%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(h.html).not.toContain('<script>alert(1)');
    expect(h.canonical).toBe(`${BASE}/packages`);
  });

  it.each(['/user/dashboard', '/admin/users', '/auth/add-mobile-number', '/test', '/auth/forgot-password'])(
    'asks search engines not to index %s',
    async (path) => {
      const h = await head(path);
      expect(h.status).toBe(200);
      expect(h.robots).toBe('noindex');
      expect(h.canonical).toBeNull();
      expect(h.og('title')).toBeNull();
      expect(h.title).toMatch(/ · Tagalong$/);
    },
  );

  it('titles an unknown page as the client does and keeps it out of the index', async () => {
    const h = await head('/no/such/page');
    expect(h.status).toBe(404);
    expect(h.title).toBe('Page Not Found · Tagalong');
    expect(h.robots).toBe('noindex');
  });
});

describe('page chunks', () => {
  it("names the page's own chunks as modulepreload links after the entry chunk, and only safe asset names", async () => {
    const dist = fakeWebDist();
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Tagalong</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dist, 'builds', 'preloads.json'),
      JSON.stringify({ '/about': ['assets/about-page-1.js', 'assets/"><script>x.js', '../secret.js'] }),
    );
    const web = await buildApp(testConfig({ webDistDir: dist }), { database: await createTestDatabase() });
    try {
      const about = (await web.inject('/about')).body;
      expect(about).toMatch(
        /<script type="module" src="\/assets\/index-1.js"><\/script>\s*<link rel="modulepreload" crossorigin href="\/assets\/about-page-1.js"><\/head>/,
      );
      expect(about.match(/modulepreload/g)).toHaveLength(1);
      expect((await web.inject('/')).body).not.toContain('modulepreload');
      expect((await web.inject('/no/such/page')).body).not.toContain('modulepreload');
    } finally {
      await web.close();
    }
  });
});

describe('robots.txt', () => {
  it('allows the public pages, keeps member, admin and API paths out and names the sitemap', async () => {
    const res = await app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const p of ['/user/', '/admin/', '/api/', '/dev/', '/kyc/', '/pay/'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('answers in demo mode on this machine too', async () => {
    // buildApp alone: robots.txt needs no demo data.
    const demo = await buildApp(testConfig({ demoMode: true }), { database: await createTestDatabase() });
    try {
      const res = await demo.inject('/robots.txt');
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
      expect((await demo.inject('/sitemap.xml')).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and the listings between cities that have something open now', async () => {
    const res = await app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      ...indexedRoutes().map((r) => `${BASE}${r.path}`),
      // Busiest first, each pair once; & is escaped in XML.
      `${BASE}/packages?from=paris-fr&amp;to=berlin-de`,
      `${BASE}/packages?from=reims-fr&amp;to=leipzig-de`,
      `${BASE}/trips?from=versailles-fr&amp;to=potsdam-de`,
    ]);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/about`);
    expect(locs).not.toContain(`${BASE}/auth/login_test`);
    expect(locs.some((l) => l?.includes('/user/') || l?.includes('/admin/') || l?.includes('{'))).toBe(false);
  });
});
