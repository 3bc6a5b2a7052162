// Reads the bundled TopoJSON (countries-110m.json): arcs stored once, quantized and delta-encoded,
// and polygons as lists of arc indexes (a negative index ~i is arc i reversed). Only what the route
// map needs of the format, so no TopoJSON library is bundled.

export type LonLat = [lon: number, lat: number];

interface Geometry {
  type: 'Polygon' | 'MultiPolygon' | null;
  arcs?: number[][] | number[][][];
}

export interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: Record<string, { geometries: Geometry[] }>;
}

function decodeArcs({ transform, arcs }: Topology): LonLat[][] {
  const [sx, sy] = transform.scale;
  const [tx, ty] = transform.translate;
  return arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): LonLat => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty];
    });
  });
}

/** Every ring of every polygon of the object, as closed lists of longitude and latitude. */
export function ringsOf(topology: Topology, object: string): LonLat[][] {
  const arcs = decodeArcs(topology);
  const ring = (indexes: number[]) => {
    const points: LonLat[] = [];
    for (const index of indexes) {
      const arc = index >= 0 ? (arcs[index] ?? []) : [...(arcs[~index] ?? [])].reverse();
      // Consecutive arcs share their joining point.
      points.push(...(points.length > 0 ? arc.slice(1) : arc));
    }
    return points;
  };
  const rings: LonLat[][] = [];
  for (const geometry of topology.objects[object]?.geometries ?? []) {
    if (geometry.type === 'Polygon') rings.push(...(geometry.arcs as number[][]).map(ring));
    if (geometry.type === 'MultiPolygon') {
      for (const polygon of geometry.arcs as number[][][]) rings.push(...polygon.map(ring));
    }
  }
  return rings;
}
