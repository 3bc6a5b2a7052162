import { useMemo } from 'react';
import countries from './countries-110m.json' with { type: 'json' };
import { fitFrame, greatCircle, pathOf, type RouteEnds, ringVisible, shifted, worldCopies } from './projection.ts';
import { type LonLat, ringsOf, type Topology } from './topology.ts';

const WIDTH = 640;
const HEIGHT = 280;

let rings: LonLat[][] | undefined;
/** The country outlines, decoded once per page. */
const outlines = () => {
  rings ??= ringsOf(countries as unknown as Topology, 'countries');
  return rings;
};

/** The drawing itself: loaded with the outlines (tens of KB), only where a map is shown. */
export default function RouteMapCanvas({ from, to, label }: RouteEnds & { label: string }) {
  const drawn = useMemo(() => {
    const frame = fitFrame(from, to, WIDTH, HEIGHT);
    const land = worldCopies(frame)
      .flatMap((by) => outlines().map((ring) => shifted(ring, by)))
      .filter((ring) => ringVisible(ring, frame))
      .map((ring) => pathOf(ring, frame, true))
      .join('');
    const line = greatCircle(from, to);
    const start = frame.project(line[0] as LonLat);
    const end = frame.project(line.at(-1) as LonLat);
    return { land, route: pathOf(line, frame, false), start, end };
  }, [from, to]);

  const endLabel = (at: [number, number], text: string) => {
    // Labels sit on the side away from the frame's edge nearest to them.
    const anchor = at[0] > WIDTH * 0.7 ? 'end' : at[0] < WIDTH * 0.3 ? 'start' : 'middle';
    const dy = at[1] < 30 ? 22 : -12;
    return (
      <text
        x={at[0]}
        y={at[1] + dy}
        textAnchor={anchor}
        className="fill-slate-900 stroke-white text-[15px] font-semibold [paint-order:stroke] [stroke-width:4px]"
      >
        {text}
      </text>
    );
  };

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="block h-auto w-full rounded-md bg-sky-50"
      data-testid="route-map"
    >
      <path d={drawn.land} className="fill-slate-100 stroke-slate-300" strokeWidth={0.8} fillRule="evenodd" />
      <path
        d={drawn.route}
        className="fill-none stroke-brand-700"
        strokeWidth={3}
        strokeDasharray="8 6"
        strokeLinecap="round"
      />
      <circle cx={drawn.start[0]} cy={drawn.start[1]} r={6} className="fill-white stroke-brand-700" strokeWidth={3} />
      <circle cx={drawn.end[0]} cy={drawn.end[1]} r={6} className="fill-brand-700 stroke-white" strokeWidth={2} />
      {endLabel(drawn.start, from.city)}
      {endLabel(drawn.end, to.city)}
    </svg>
  );
}
