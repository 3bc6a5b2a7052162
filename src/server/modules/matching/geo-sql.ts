import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { EARTH_RADIUS_KM, type LatLng } from '#shared/geo.ts';
import { coveringCells, type Grid } from './cells.ts';

// Distances and the cell filter in SQL. No extension (PostGIS, earthdistance) is needed, so the same
// statements run on PGlite and PostgreSQL (ADR 0017).

/**
 * haversineKm of src/shared/geo.ts from a place in two columns to a fixed point, with each
 * sin²(x/2) written as (1 − cos x) / 2 and the degree-based cosd: PostgreSQL raises an error when a
 * float multiplication underflows to zero, which squaring a tiny difference would do for a stored
 * latitude such as 1e-300, and this form never forms such a product. The cancellation in 1 − cos
 * costs under a millimetre at the distances matching cares about.
 */
export function haversineSql(lat: AnyPgColumn, lng: AnyPgColumn, point: LatLng): SQL<number> {
  const pLat = sql`${point.lat}::float8`;
  const pLng = sql`${point.lng}::float8`;
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(least(1::float8, greatest(0::float8,
    (1 - cosd(${lat} - ${pLat})) / 2
    + cosd(${pLat}) * cosd(${lat}) * (1 - cosd(${lng} - ${pLng})) / 2)))))`;
}

/** The distance rounded to the 0.1 km a card shows, in tenths, computed where it is filtered. */
export const tenthsSql = (km: SQL<number>) => sql<number>`round(${km} * 10)::integer`;

/**
 * The cell column is one of the cells the radius touches. Written as `= any(array[...])` so both
 * cell columns of the index bound the scan (a B-tree takes an array on each of its columns).
 */
export function inCellsSql(cell: AnyPgColumn, g: Grid, center: LatLng, radiusKm: number): SQL {
  const cells = coveringCells(g, center, radiusKm);
  return sql`${cell} = any(array[${sql.join(
    cells.map((c) => sql.raw(String(c))),
    sql`, `,
  )}]::integer[])`;
}
