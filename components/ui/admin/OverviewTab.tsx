import { formatBytes, type Overview, type OverviewFigure, type ReplicaOverview, utcTime } from "../../../common/overview.ts";
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

const REPLICA_STATE = {
  ok: ["Replicating", "bg-emerald-900 text-emerald-100"],
  lagging: ["Lagging", "bg-amber-900 text-amber-100"],
  down: ["Down", "bg-red-900 text-red-100"],
  off: ["Off", "bg-neutral-800 text-neutral-200"],
} as const;

/** The database replica (issue 37): its state, last sync, lag and last error; off says how to turn it on. */
function Replica({ replica }: { replica: ReplicaOverview }) {
  const [label, tone] = REPLICA_STATE[replica.state];
  return (
    <section aria-labelledby="overview-replica" className="rounded-xl bg-neutral-900 p-4" data-replica={replica.state}>
      <h2 id="overview-replica" className="mb-3 flex flex-wrap items-center gap-2 text-lg font-semibold">
        Database replica <span className={`rounded px-2 py-0.5 text-sm font-medium ${tone}`}>{label}</span>
      </h2>
      {replica.state === "off"
        ? (
          <p className="text-sm text-neutral-300">
            Not configured: set REPLICA_URL to copy the database continuously (README, "Backups and restore").
          </p>
        )
        : (
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-neutral-400">Last sync</dt>
            <dd className="tabular-nums">{replica.syncedAt ? utcTime(replica.syncedAt) : "not yet"}</dd>
            <dt className="text-neutral-400">Lag</dt>
            <dd className="tabular-nums">{`${replica.lagSeconds} s`}</dd>
            {replica.lastError && (
              <>
                <dt className="text-neutral-400">Last error</dt>
                <dd className="break-words">{`${replica.lastError} (${utcTime(replica.lastErrorAt!)})`}</dd>
              </>
            )}
          </dl>
        )}
    </section>
  );
}

/** The admin's first tab: the site at a glance. Rendered on the server with the page (the figures come as props). */
export default function OverviewTab({ overview, replica }: { overview: Overview; replica: ReplicaOverview }) {
  return (
    <div className="space-y-4" data-testid="overview">
      <Figures title="Totals" figures={overview.totals} />
      <Figures title="Storage and jobs" figures={overview.system} />
      <Replica replica={replica} />
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
