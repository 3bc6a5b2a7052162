// Distances on the globe, shared by place search, matching and the web app's "x km away" figures.

/** The IUGG mean Earth radius: the usual choice for a spherical model, within 0.5% of the ellipsoid. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Anything with a position in degrees; a Place fits. */
export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle distance in km (haversine formula). Good to a few metres at city scale, which is all
 * a pickup radius needs; a geodesic on the ellipsoid would differ by at most ~0.5%.
 */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points, and asin is NaN there.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/**
 * A coordinate to a tenth of a degree (about 10 km): enough to draw a city on a route map, too coarse
 * to point at a street, for what anyone but a package's parties may see (docs/product.md §2.6).
 */
export const roughDegrees = (degrees: number) => Math.round(degrees * 10) / 10;
