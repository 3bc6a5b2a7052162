import { type SQL, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM, type LatLng } from '#shared/geo.ts';

// The geographic index of matching (ADR 0017): the globe cut into square cells of a whole number of
// degrees, numbered row by row from the south pole and the antimeridian. The database computes each
// place's cell in a stored generated column (cellSql); a query lists the cells a radius touches
// (coveringCells) and then keeps only the places truly within the radius (haversine in SQL).
// cellOf and cellSql must agree bit for bit: both use only +, / and floor on doubles, which IEEE 754
// defines exactly, and cell sizes are powers of two, so no engine can round differently.

export interface Grid {
  /** Edge of a cell in degrees of latitude and of longitude: a power of two that divides 180. */
  degrees: number;
  rows: number;
  cols: number;
}

export function grid(degrees: number): Grid {
  if (!(degrees > 0) || Math.log2(degrees) % 1 !== 0 || (180 / degrees) % 1 !== 0) {
    throw new Error(`A cell edge must be a power of two dividing 180 degrees, not ${degrees}`);
  }
  return { degrees, rows: 180 / degrees, cols: 360 / degrees };
}

/** The cell of a place. Latitude 90 joins the top row; longitude 180 is −180, column 0. */
export function cellOf({ degrees, rows, cols }: Grid, { lat, lng }: LatLng): number {
  const row = Math.min(Math.floor((lat + 90) / degrees), rows - 1);
  const col = Math.floor((lng + 180) / degrees) % cols;
  return row * cols + col;
}

/** cellOf in SQL, for a generated column over two double-precision columns. */
export function cellSql({ degrees, rows, cols }: Grid, latColumn: string, lngColumn: string): SQL {
  const lat = `"${latColumn}"`;
  const lng = `"${lngColumn}"`;
  return sql.raw(
    `least(floor((${lat} + 90) / ${degrees})::integer, ${rows - 1}) * ${cols} + floor((${lng} + 180) / ${degrees})::integer % ${cols}`,
  );
}

/**
 * Added to every radius before covering it, so the rounding of the trigonometry below can never
 * leave out a place that is within the radius by the exact test. Ten metres is far above that
 * rounding (micrometres) and far below a cell (over 100 km), so it costs nothing.
 */
const MARGIN_KM = 0.01;

const RAD = Math.PI / 180;

/**
 * The half-width in degrees of longitude of the spherical cap (centre latitude phi, angular radius
 * delta, both radians) along the parallel at latitude psi: from the spherical law of cosines,
 * cos(delta) = sin(phi) sin(psi) + cos(phi) cos(psi) cos(dLng). Infinity when the whole parallel is
 * inside the cap.
 */
function halfWidthAt(phi: number, delta: number, psi: number): number {
  const denominator = Math.cos(phi) * Math.cos(psi);
  const numerator = Math.cos(delta) - Math.sin(phi) * Math.sin(psi);
  // At a pole (of the centre or of the parallel) the parallel is a point or every longitude is equally
  // far: inside the cap means the whole parallel.
  if (denominator < 1e-12) return numerator <= 1e-12 ? Number.POSITIVE_INFINITY : 0;
  const h = numerator / denominator;
  if (h <= -1) return Number.POSITIVE_INFINITY;
  if (h >= 1) return 0;
  return Math.acos(h) / RAD;
}

/**
 * Every cell that holds a point within radiusKm of the centre, as a sorted list. For each row of
 * cells the cap's widest extent in longitude within that row is taken (at the row's edges or where
 * the cap is widest, whichever lies in the row), so a round cap costs fewer cells than its bounding
 * box. Wraps across the antimeridian; a cap over a pole takes its whole polar rows.
 */
export function coveringCells(g: Grid, center: LatLng, radiusKm: number): number[] {
  const delta = (radiusKm + MARGIN_KM) / EARTH_RADIUS_KM;
  const all = () => Array.from({ length: g.rows * g.cols }, (_, i) => i);
  if (delta >= Math.PI) return all();
  const phi = center.lat * RAD;
  const deltaDeg = delta / RAD;
  const south = Math.max(-90, center.lat - deltaDeg);
  const north = Math.min(90, center.lat + deltaDeg);
  // Where the cap is widest in longitude, when it does not hold a pole.
  const widest = Math.abs(Math.sin(phi)) < Math.cos(delta) ? Math.asin(Math.sin(phi) / Math.cos(delta)) : null;

  const cells = new Set<number>();
  const firstRow = Math.min(Math.floor((south + 90) / g.degrees), g.rows - 1);
  const lastRow = Math.min(Math.floor((north + 90) / g.degrees), g.rows - 1);
  for (let row = firstRow; row <= lastRow; row++) {
    const bottom = Math.max(south, row * g.degrees - 90) * RAD;
    const top = Math.min(north, (row + 1) * g.degrees - 90) * RAD;
    let half = Math.max(halfWidthAt(phi, delta, bottom), halfWidthAt(phi, delta, top));
    if (widest !== null && widest > bottom && widest < top) half = Math.max(half, halfWidthAt(phi, delta, widest));
    if (half * 2 >= 360) {
      for (let col = 0; col < g.cols; col++) cells.add(row * g.cols + col);
      continue;
    }
    const from = Math.floor((center.lng - half + 180) / g.degrees);
    const to = Math.floor((center.lng + half + 180) / g.degrees);
    for (let col = from; col <= to; col++) cells.add(row * g.cols + (((col % g.cols) + g.cols) % g.cols));
  }
  return [...cells].sort((a, b) => a - b);
}

/** The grid of the generated columns and their indexes. Changing it needs a migration. */
export const MATCH_GRID = grid(1);
