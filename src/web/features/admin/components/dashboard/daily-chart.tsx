import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatShortDay } from '#web/lib/format.ts';

// The only module that imports Recharts, which is most of the dashboard chunk's weight: keep it out
// of code other pages share, so only /admin/dashboard downloads it. It draws for sighted mouse users
// only: the figure around it names it, and its table says the same to everyone else.

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** A second line is dashed, so the two never differ by colour alone. */
  dashed?: boolean;
}

export interface DailyChartProps {
  rows: readonly ({ day: string } & Record<string, number | string>)[];
  series: readonly ChartSeries[];
  /** A value as the axis and the tooltip write it (a count, an amount). */
  format: (value: number) => string;
  /** A shorter form for the axis's ticks, where space is tight on a phone. */
  formatTick?: (value: number) => string;
  /** Whole numbers only on the axis (counts). */
  integers?: boolean;
}

/** Dots on every day while they stay apart; a year of them would be a smudge. */
const DOTS_UP_TO = 31;

export function DailyChart({ rows, series, format, formatTick = format, integers = false }: DailyChartProps) {
  return (
    <div aria-hidden="true" className="h-64 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={[...rows]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={(day: string) => formatShortDay(day)}
            minTickGap={16}
            tick={{ fill: '#475569', fontSize: 12 }}
            stroke="#cbd5e1"
          />
          <YAxis
            width="auto"
            allowDecimals={!integers}
            tickFormatter={formatTick}
            tick={{ fill: '#475569', fontSize: 12 }}
            stroke="#cbd5e1"
          />
          {/* The series' own order, not Recharts' alphabetical one, in the tooltip and the legend alike. */}
          <Tooltip
            itemSorter={(item) => series.findIndex((s) => s.key === item.dataKey)}
            labelFormatter={(day) => formatDay(String(day))}
            formatter={(value) => (typeof value === 'number' ? format(value) : String(value))}
          />
          {series.length > 1 ? <Legend itemSorter={null} wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((s) => (
            <Line
              key={s.key}
              type="linear"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? '6 4' : undefined}
              dot={rows.length <= DOTS_UP_TO ? { r: 2 } : false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
