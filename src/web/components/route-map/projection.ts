import type { LatLng } from '#shared/geo.ts';
import type { LonLat } from './topology.ts';

// Web Mercator fitted to a route: both ends inside the frame with a margin, and at least a few
// hundred kilometres shown, so a short route still shows where it is. The line is the great circle
// (the shortest way), as the distance shown is.

const DEG = Math.PI / 180;
const MAX_LAT = 85;

/** Mercator's y, in degrees-like units (x is the longitude itself). */
const mercatorY = (lat: number) =>
  Math.log(Math.tan(Math.PI / 4 + (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * DEG) / 2)) / DEG;

/** The two ends of a route, as the map names and places them. */
export interface RouteEnds {
  from: { city: string; lat: number; lng: number };
  to: { city: string; lat: number; lng: number };
}

export interface Frame {
  width: number;
  height: number;
  project: (point: LonLat) => [number, number];
}

/**
 * A frame of `width` × `height` showing both points. When the shorter way crosses the antimeridian,
 * the destination's longitude is taken past ±180 so the two ends sit side by side (the outlines are
 * then drawn a second time, shifted by 360°: `worldCopies`).
 */
export function fitFrame(from: LatLng, to: LatLng, width: number, height: number, minSpanDeg = 6): Frame {
  const toLng = Math.abs(to.lng - from.lng) > 180 ? to.lng - Math.sign(to.lng - from.lng) * 360 : to.lng;
  const xs = [from.lng, toLng];
  const ys = [mercatorY(from.lat), mercatorY(to.lat)];
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), minSpanDeg);
  const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
  const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
  // A third of the span as margin on each side, for the end labels.
  const scale = Math.min(width, height) / (span * 1.6);
  return {
    width,
    height,
    project: ([lon, lat]) => [width / 2 + (lon - cx) * scale, height / 2 - (mercatorY(lat) - cy) * scale],
  };
}

/** Points along the great circle from `a` to `b` (spherical interpolation). */
export function greatCircle(a: LatLng, b: LatLng, steps = 48): LonLat[] {
  type Vector = [number, number, number];
  const toVector = ({ lat, lng }: LatLng): Vector => [
    Math.cos(lat * DEG) * Math.cos(lng * DEG),
    Math.cos(lat * DEG) * Math.sin(lng * DEG),
    Math.sin(lat * DEG),
  ];
  const [ax, ay, az] = toVector(a);
  const [bx, by, bz] = toVector(b);
  const angle = Math.acos(Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz)));
  if (angle < 1e-9) return [[a.lng, a.lat]];
  const points: LonLat[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const wa = Math.sin((1 - t) * angle) / Math.sin(angle);
    const wb = Math.sin(t * angle) / Math.sin(angle);
    const [x, y, z] = [wa * ax + wb * bx, wa * ay + wb * by, wa * az + wb * bz];
    let lon = Math.atan2(y, x) / DEG;
    // Unwrapped, so a line over the antimeridian stays one line instead of crossing the world.
    const previous = points.at(-1)?.[0];
    if (previous !== undefined) lon += Math.round((previous - lon) / 360) * 360;
    points.push([lon, Math.atan2(z, Math.hypot(x, y)) / DEG]);
  }
  return points;
}

/** An SVG path through the projected points, rounded to a tenth of a pixel. */
export function pathOf(points: readonly LonLat[], frame: Frame, close: boolean): string {
  let d = '';
  points.forEach((point, i) => {
    const [x, y] = frame.project(point);
    d += `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
  });
  return close ? `${d}Z` : d;
}

/** Whether any of the ring's projected points falls inside the frame (with a margin). */
export function ringVisible(ring: readonly LonLat[], frame: Frame): boolean {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const point of ring) {
    const [x, y] = frame.project(point);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  return maxX >= 0 && minX <= frame.width && maxY >= 0 && minY <= frame.height;
}

/** The shifts (0, ±360°) at which the outlines must be drawn for this frame to be covered. */
export function worldCopies(frame: Frame): number[] {
  const [left] = frame.project([-180, 0]);
  const [right] = frame.project([180, 0]);
  return [0, ...(left > 0 ? [-360] : []), ...(right < frame.width ? [360] : [])];
}

export const shifted = (ring: readonly LonLat[], by: number): LonLat[] =>
  by === 0 ? (ring as LonLat[]) : ring.map(([lon, lat]): LonLat => [lon + by, lat]);
