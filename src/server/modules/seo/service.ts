import { and, count, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { placeSlug } from '#shared/browse.ts';
import { type RouteDef, routes } from '#shared/routes.ts';

export { escapeHtml, pageHead } from './head.ts';

// robots.txt and sitemap.xml (ADR 0054): search engines may read the public pages and the listings
// between cities that have something open now; member, admin, API and developer paths stay out.

/** Most city pairs a sitemap lists per listing, busiest first. */
export const SITEMAP_PAIRS_LIMIT = 1000;

export const DISALLOWED_PATHS = ['/user/', '/admin/', '/api/', '/dev/', '/kyc/', '/pay/'] as const;

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The pages anyone may read and that say what they are (a description): the indexed ones. */
export function indexedRoutes(): RouteDef[] {
  return (routes as readonly RouteDef[]).filter(
    (r) => r.description !== undefined && !r.guard && !r.demoOnly && !r.redirectTo && !r.path.includes('{'),
  );
}

type Pair = { fromCity: string | null; fromCountry: string | null; toCity: string | null; toCountry: string | null };

/** The city pairs with open packages still deliverable, busiest first. */
function packagePairs(db: Database, now: Date): Promise<Pair[]> {
  return db
    .select({
      fromCity: packages.pickupCity,
      fromCountry: packages.pickupCountry,
      toCity: packages.dropoffCity,
      toCountry: packages.dropoffCountry,
    })
    .from(packages)
    .innerJoin(user, eq(user.id, packages.senderId))
    .where(
      and(
        eq(packages.status, 'open'),
        gt(packages.deliverBy, now),
        isNotNull(packages.reward),
        eq(user.banned, false),
        isNull(user.deletedAt),
      ),
    )
    .groupBy(packages.pickupCity, packages.pickupCountry, packages.dropoffCity, packages.dropoffCountry)
    .orderBy(desc(count()))
    .limit(SITEMAP_PAIRS_LIMIT);
}

/** The city pairs of active trips that have not left and have room, busiest first. */
function tripPairs(db: Database, now: Date): Promise<Pair[]> {
  return db
    .select({
      fromCity: travelPlans.originCity,
      fromCountry: travelPlans.originCountry,
      toCity: travelPlans.destinationCity,
      toCountry: travelPlans.destinationCountry,
    })
    .from(travelPlans)
    .innerJoin(user, eq(user.id, travelPlans.travelerId))
    .where(
      and(
        eq(travelPlans.status, 'active'),
        gt(travelPlans.departureAt, now),
        sql`${travelPlans.capacityGrams} - ${travelPlans.reservedGrams} > 0`,
        eq(user.banned, false),
        isNull(user.deletedAt),
      ),
    )
    .groupBy(
      travelPlans.originCity,
      travelPlans.originCountry,
      travelPlans.destinationCity,
      travelPlans.destinationCountry,
    )
    .orderBy(desc(count()))
    .limit(SITEMAP_PAIRS_LIMIT);
}

function listingUrls(path: string, pairs: Pair[]): string[] {
  const seen = new Set<string>();
  for (const p of pairs) {
    if (!p.fromCity || !p.fromCountry || !p.toCity || !p.toCountry) continue;
    const from = placeSlug({ city: p.fromCity, countryCode: p.fromCountry });
    const to = placeSlug({ city: p.toCity, countryCode: p.toCountry });
    seen.add(`${path}?${new URLSearchParams({ from, to }).toString()}`);
  }
  return [...seen];
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => xmlEscapes[c] as string);

/** sitemap.xml: the indexed pages, then the listings between cities that have something now. */
export async function sitemapXml(db: Database, baseUrl: string, now: Date): Promise<string> {
  const [packageRows, tripRows] = await Promise.all([packagePairs(db, now), tripPairs(db, now)]);
  const paths = [
    ...indexedRoutes().map((r) => r.path),
    ...listingUrls('/packages', packageRows),
    ...listingUrls('/trips', tripRows),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => `  <url><loc>${escapeXml(`${baseUrl}${p}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
