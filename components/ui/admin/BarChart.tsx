import { shortDay } from "../../../common/overview.ts";

/** The chart's drawing box (SVG user units); the SVG scales to its column, so text stays ~11-13 px from a phone to a desktop. */
const W = 320;
const H = 170;
const PAD = { left: 34, right: 6, top: 10, bottom: 36 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

/** The smallest of 1, 2, 4 × 10^k (at least 2) at or above `max`: even, so the middle tick is a whole number. */
export function niceMax(max: number): number {
  if (max <= 2) return 2;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 4, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

const number = new Intl.NumberFormat("en-US");

/** A sentence saying what the chart shows, for assistive technology and for the figure's description. */
export function chartSummary(label: string, days: string[], values: number[]): string {
  const total = values.reduce((a, b) => a + b, 0);
  const max = Math.max(...values);
  const peak = days[values.indexOf(max)];
  const range = `${shortDay(days[0])} to ${shortDay(days[days.length - 1])}`;
  if (total === 0) return `${label} per day, ${range}: none.`;
  return `${label} per day, ${range}: ${number.format(total)} in total, at most ${number.format(max)} on ${shortDay(peak)}, ${
    number.format(values[values.length - 1])
  } today.`;
}

/**
 * A daily series as bars: a title, the y axis (0, half, top) and the x axis (first, middle and last
 * day) with their labels, and a text alternative; the numbers themselves in a table under it.
 * Plain SVG rendered on the server; no chart library.
 */
export function BarChart({ id, label, days, values }: { id: string; label: string; days: string[]; values: number[] }) {
  const top = niceMax(Math.max(...values));
  const step = PLOT_W / values.length;
  const y = (v: number) => PAD.top + PLOT_H - (v / top) * PLOT_H;
  const total = values.reduce((a, b) => a + b, 0);
  const xTicks = [0, Math.floor(values.length / 2), values.length - 1];
  return (
    <figure className="rounded-xl bg-neutral-900 p-3" data-chart={id}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold" id={`${id}-title`}>{label}</h3>
        <span className="text-sm text-neutral-400">{`${number.format(total)} in 30 days`}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="mt-2 block h-auto w-full" role="img" aria-labelledby={`${id}-svg-title ${id}-desc`}>
        <title id={`${id}-svg-title`}>{`${label} per day`}</title>
        <desc id={`${id}-desc`}>{chartSummary(label, days, values)}</desc>
        <g fontSize="11" fill="#a3a3a3" fontFamily="system-ui, sans-serif">
          {[0, top / 2, top].map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#404040" strokeWidth={v === 0 ? 1 : 0.5} />
              <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end">{number.format(v)}</text>
            </g>
          ))}
          {xTicks.map((i) => (
            <text
              key={i}
              x={PAD.left + step * (i + 0.5)}
              y={H - PAD.bottom + 14}
              textAnchor={i === 0 ? "start" : i === values.length - 1 ? "end" : "middle"}
            >
              {shortDay(days[i])}
            </text>
          ))}
          <text x={PAD.left + PLOT_W / 2} y={H - 4} textAnchor="middle">Day (UTC)</text>
          <text x={10} y={PAD.top + PLOT_H / 2} textAnchor="middle" transform={`rotate(-90 10 ${PAD.top + PLOT_H / 2})`}>
            Per day
          </text>
        </g>
        <g fill="#f97316">
          {values.map((v, i) =>
            v > 0 && (
              <rect key={i} x={PAD.left + step * i + 1} y={y(v)} width={Math.max(1, step - 2)} height={PAD.top + PLOT_H - y(v)}>
                <title>{`${shortDay(days[i])}: ${number.format(v)}`}</title>
              </rect>
            )
          )}
        </g>
      </svg>
      <details className="mt-1 text-sm text-neutral-300">
        <summary className="cursor-pointer text-neutral-400">Numbers per day</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col" className="font-medium">Day</th>
              <th scope="col" className="text-right font-medium">{label}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <td>{shortDay(d)}</td>
                <td className="text-right tabular-nums">{number.format(values[i])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
