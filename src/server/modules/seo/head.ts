import { parsePlaceSlug, placeSlug } from '#shared/browse.ts';
import type { Place } from '#shared/places.ts';
import { documentTitle, type RouteMatch } from '#shared/routes.ts';

// What a page's <head> says to search engines and link previews (docs/product.md §9, ADR 0054):
// the title the client also sets, a description, the canonical address, Open Graph and Twitter
// tags for public pages, and `noindex` for every other page.

export const SITE_NAME = 'Tagalong';
/** A branded 1200×630 picture in the web app's public folder, for link previews. */
export const OG_IMAGE_PATH = '/og-image.png';

/** The listing pages whose cities (`from`, `to`) are part of the page's address. */
const listings = new Set(['/packages', '/trips']);

export interface HeadInput {
  baseUrl: string;
  /** The page's path and query, as asked. */
  url: URL;
  match: RouteMatch;
  /** The city a slug names (the gazetteer), or null. */
  placeBySlug: (slug: string) => Place | null;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text and attribute values written into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] as string);
}

/** The cities named in a listing's address that the gazetteer knows, as canonical slugs. */
function listingCities(input: HeadInput): { from: Place | null; to: Place | null } {
  const city = (name: 'from' | 'to') => {
    const value = input.url.searchParams.get(name)?.trim().toLowerCase();
    if (!value || value.length > 120 || !parsePlaceSlug(value)) return null;
    return input.placeBySlug(value);
  };
  return { from: city('from'), to: city('to') };
}

function listingDescription(path: string, from: Place | null, to: Place | null, fallback: string): string {
  if (!from && !to) return fallback;
  const between = [from ? `from ${from.city}` : '', to ? `to ${to.city}` : ''].filter(Boolean).join(' ');
  return path === '/packages'
    ? `Open packages ${between} on Tagalong: see the size and the reward, then carry one on a trip you are already making.`
    : `Upcoming trips ${between} on Tagalong by travelers with room to spare: send your package with one of them.`;
}

/** The tags that replace index.html's <title> and description for one page request. */
export function pageHead(input: HeadInput): string {
  const { match, baseUrl } = input;
  if (match.kind !== 'page') {
    return [
      `<title>${escapeHtml(`Page Not Found · ${SITE_NAME}`)}</title>`,
      '<meta name="robots" content="noindex">',
    ].join('\n    ');
  }
  const route = match.route;
  const title = documentTitle(route);
  if (!route.description) {
    return [`<title>${escapeHtml(title)}</title>`, '<meta name="robots" content="noindex">'].join('\n    ');
  }
  let path = input.url.pathname;
  let description = route.description;
  if (listings.has(route.path)) {
    const { from, to } = listingCities(input);
    const query = new URLSearchParams();
    if (from) query.set('from', placeSlug(from));
    if (to) query.set('to', placeSlug(to));
    if (query.size > 0) path = `${route.path}?${query.toString()}`;
    description = listingDescription(route.path, from, to, route.description);
  } else {
    // The route's own spelling of the path (no trailing slash, no query), with its parameters.
    path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(match.params[name] ?? ''));
  }
  const canonical = `${baseUrl}${path}`;
  const tag = (name: string, content: string, attribute = 'name') =>
    `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    tag('description', description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    tag('og:type', 'website', 'property'),
    tag('og:site_name', SITE_NAME, 'property'),
    tag('og:title', title, 'property'),
    tag('og:description', description, 'property'),
    tag('og:url', canonical, 'property'),
    tag('og:image', `${baseUrl}${OG_IMAGE_PATH}`, 'property'),
    tag('og:image:width', '1200', 'property'),
    tag('og:image:height', '630', 'property'),
    tag('twitter:card', 'summary_large_image'),
  ].join('\n    ');
}
