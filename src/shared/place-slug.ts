import { fold } from './fold.ts';

// A city in an address (docs/product.md §3.4, ADR 0053), in a file of its own without zod or the
// listing schemas, so a page that only links to a listing does not load them (ADR 0054).

/**
 * A city in an address: its folded name with hyphens, then its country ("paris-fr",
 * "sao-paulo-br"), so a listing's address reads as what it is and can be shared and indexed.
 */
export function placeSlug(place: { city: string; countryCode: string }): string {
  return `${fold(place.city).replaceAll(' ', '-')}-${place.countryCode.toLowerCase()}`;
}

const slugPattern = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*-[a-z]{2}$/u;

/** The folded city name and the country of a slug; null for text that is not one. */
export function parsePlaceSlug(slug: string): { name: string; country: string } | null {
  if (!slugPattern.test(slug)) return null;
  const at = slug.lastIndexOf('-');
  return { name: slug.slice(0, at).replaceAll('-', ' '), country: slug.slice(at + 1).toUpperCase() };
}
