import { z } from 'zod';
import { text } from './text.ts';

// The place contract: a city from the bundled gazetteer, optionally with a street
// address, as packages (pickup, drop-off) and travel plans (origin, destination) store it.

export const PLACE_LIMITS = {
  label: 200,
  city: 100,
  address: 200,
  /** Search text: one letter is enough to start suggesting. */
  queryMin: 1,
  queryMax: 100,
  defaultResults: 10,
  maxResults: 50,
} as const;

export const latitudeSchema = z
  .number('Latitude must be a number')
  .min(-90, 'Latitude must be between −90 and 90')
  .max(90, 'Latitude must be between −90 and 90');

export const longitudeSchema = z
  .number('Longitude must be a number')
  .min(-180, 'Longitude must be between −180 and 180')
  .max(180, 'Longitude must be between −180 and 180');

const countryCodePattern = /^[A-Z]{2}$/;
const countryCodeMessage = 'Use a two-letter country code such as "FR"';

/** ISO 3166-1 alpha-2, upper case, as GeoNames writes it. */
export const countryCodeSchema = z.string().regex(countryCodePattern, countryCodeMessage);

export const placeSchema = z
  .strictObject({
    /** What a person reads: "Paris, France", "Paris, TX, United States". */
    label: text().trim().min(1, 'Choose a place').max(PLACE_LIMITS.label),
    city: text().trim().min(1, 'Choose a city').max(PLACE_LIMITS.city),
    countryCode: countryCodeSchema,
    lat: latitudeSchema,
    lng: longitudeSchema,
    /** A street address within the city; only its owner and their counterpart ever see it. */
    address: text()
      .trim()
      .min(1, 'Enter an address or leave it out')
      .max(PLACE_LIMITS.address, `The address can be at most ${PLACE_LIMITS.address} characters`)
      .optional(),
  })
  .meta({ id: 'Place' });
export type Place = z.infer<typeof placeSchema>;

export const placeSearchQuerySchema = z.object({
  q: text()
    .trim()
    .min(PLACE_LIMITS.queryMin, 'Type the start of a city name')
    .max(PLACE_LIMITS.queryMax, `Type at most ${PLACE_LIMITS.queryMax} characters`),
  // "fr" is as clear as "FR" in a URL.
  country: text().trim().toUpperCase().regex(countryCodePattern, countryCodeMessage).optional(),
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PLACE_LIMITS.maxResults, `Limit can be at most ${PLACE_LIMITS.maxResults}`)
    .default(PLACE_LIMITS.defaultResults),
});
export type PlaceSearchQuery = z.infer<typeof placeSearchQuerySchema>;

/** Cities whose name starts with the text, most populous first. */
export const placeSearchResultSchema = z.object({ places: z.array(placeSchema) }).meta({ id: 'PlaceSearchResult' });
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;
