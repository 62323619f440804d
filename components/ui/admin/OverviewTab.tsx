import { formatBytes, type Overview, type OverviewFigure } from "../../../common/overview.ts";
import { BarChart } from "./BarChart.tsx";

const number = new Intl.NumberFormat("en-US");
const show = (f: OverviewFigure) => (f.unit === "bytes" ? formatBytes(f.value) : number.format(f.value));

function Figures({ title, figures }: { title: string; figures: OverviewFigure[] }) {
  const id = `overview-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-neutral-900 p-4">
      <h2 id={id} className="mb-3 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-3 gap-x-4 gap-y-3 sm:grid-cols-4 lg:grid-cols-7">
        {figures.map((f) => (
          <div key={f.label} data-figure={f.label}>
            <dt className="text-xs text-neutral-400">{f.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{show(f)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The admin's first tab: the site at a glance. Rendered on the server with the page (the figures come as props). */
export default function OverviewTab({ overview }: { overview: Overview }) {
  return (
    <div className="space-y-4" data-testid="overview">
      <Figures title="Totals" figures={overview.totals} />
      <Figures title="Storage and jobs" figures={overview.system} />
      <section aria-labelledby="overview-days">
        <h2 id="overview-days" className="mb-3 text-lg font-semibold">Last 30 days</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {overview.series.map((s) => (
            <BarChart
              key={s.key}
              id={`chart-${s.key}`}
              label={s.label}
              days={overview.days}
              values={s.values}
            />
          ))}
        </div>
      </section>
      <p className="text-xs text-neutral-400">{`As of ${overview.generatedAt.slice(0, 16).replace("T", " ")} UTC.`}</p>
    </div>
  );
}
