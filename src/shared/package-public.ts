import { z } from 'zod';
import { countryCodeSchema } from './places.ts';

// The parts of a package anyone may see on a public listing (docs/product.md §3.4): its size, its
// photos and its cities. Apart from packages.ts so a visitor's page does not load the package
// contract's rules and the phone-number library its recipient field needs.

export const packageSizes = ['S', 'M', 'L'] as const;
export type PackageSize = (typeof packageSizes)[number];
export const packageSizeDimensions: Record<PackageSize, string> = {
  S: 'up to 30 × 20 × 10 cm',
  M: 'up to 50 × 40 × 20 cm',
  L: 'up to 70 × 50 × 30 cm',
};

export const packagePhotoSchema = z
  .object({ id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() })
  .meta({ id: 'PackagePhoto' });
export type PackagePhoto = z.infer<typeof packagePhotoSchema>;

/** A city without its street address: what anyone but the parties sees of a place. */
export const publicPlaceSchema = z
  .object({
    label: z.string(),
    city: z.string(),
    countryCode: countryCodeSchema,
    /** The city's coordinates from the gazetteer (a street address is never geocoded), for the map. */
    lat: z.number().optional(),
    lng: z.number().optional(),
  })
  .meta({ id: 'PublicPlace' });
export type PublicPlace = z.infer<typeof publicPlaceSchema>;
