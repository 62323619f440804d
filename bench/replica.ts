/**
 * Issue 37: what continuous replication costs under write-heavy load, and how far the replica
 * trails. The same server (one process, pinned to core 0 with its Litestream) with and without
 * REPLICA_URL, alternating, under POST like and POST comment (half each, 100 members, 1,000
 * items) from wrk on core 1; the replica is moto on loopback. While the load runs, /healthz is
 * read every 250 ms for the replica's lag; after it, the time until the replica holds the last write.
 * moto runs on wrk's core (MOTO_CPU; "any" leaves it unpinned). A second table says where the CPU
 * went (server, Litestream, moto, the rest of the machine) and what Litestream did (WAL copied,
 * checkpoints, the time of one sync).
 * Litestream shares the server's core unless LITESTREAM_CPU names others ("0,1"). LAG_SERIES=1
 * prints every lag read, to tell a steady lag from a spike.
 *   deno task bench replica    (DURATION seconds, default 10; RUNS, default 2; MOTO_CPU, default 1)
 */
import { eq } from "drizzle-orm";
import { media } from "../db/schema/mod.ts";
import { motoCommand, startMoto } from "../tests/_moto.ts";
import { replicaEnv } from "../tests/_replica.ts";
import { seedItems } from "./_seed.ts";
import { measure, printTable, startBenchServer, type WrkResult } from "./_lib.ts";
import { cpuBetween, cpuSnapshot, litestreamMetrics, ownLitestreamPids, ownMotoPids } from "./_procs.ts";

const DURATION = Number(Deno.env.get("DURATION") ?? 10);
const RUNS = Number(Deno.env.get("RUNS") ?? 2);
const loadBefore = Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
if (!motoCommand()) {
  console.error("bench replica needs moto (moto_server on the PATH, or MOTO_SERVER)");
  Deno.exit(1);
}
const moto = await startMoto();
// moto stands for a remote bucket, whose CPU is not the site's: it runs on wrk's core unless MOTO_CPU says otherwise
// ("any": not pinned, as before issue 44, when it took CPU from the server's core too).
const MOTO_CPU = Deno.env.get("MOTO_CPU") ?? "1";
// Litestream inherits the server's core (0) unless LITESTREAM_CPU names others, e.g. "0,1": a 2-core machine whose scheduler
// puts it where there is room.
const LITESTREAM_CPU = Deno.env.get("LITESTREAM_CPU") ?? "0";
if (MOTO_CPU !== "any") {
  for (const pid of ownMotoPids()) {
    new Deno.Command("taskset", { args: ["-a", "-p", "-c", MOTO_CPU, String(pid)], stdout: "null" }).outputSync();
  }
}
const health = async (url: string) => await (await fetch(`${url}/healthz`)).json();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const PUTS = 'litestream_replica_operation_total{operation="PUT",replica_type="s3"}';
const PUT_BYTES = 'litestream_replica_operation_bytes{operation="PUT",replica_type="s3"}';
const rows: (string | number)[][] = [];
const cpuRows: (string | number)[][] = [];
const results = new Map<string, WrkResult[]>();
try {
  for (let run = 1; run <= RUNS; run++) {
    for (const replicated of [false, true]) {
      const ids: number[] = [];
      const server = await startBenchServer({
        members: 100,
        env: {
          PAGE_CACHE_SECONDS: "0",
          AGE_GATE: "false",
          JOBS_IN_WEB: "false", // the seeded videos are not real files: no transcodes during the load
          RATE_COMMENTS_PER_USER: "100000000",
          ...(replicated ? replicaEnv(moto, `bench-${run}`) : {}),
        },
        seed: async (db) => {
          await seedItems(db, 1000);
          const rows = await db.select({ id: media.id }).from(media).where(eq(media.reviewStatus, "approved")).limit(500);
          ids.push(...rows.map((r) => r.id));
        },
      });
      const lua = `
local cookies = { ${server.cookies.map((c) => `"${c}"`).join(",")} }
local items = { ${ids.join(",")} }
local n = 0
request = function()
  n = n + 1
  local item = items[math.random(#items)]
  local headers = { ["Cookie"] = cookies[math.random(#cookies)], ["Origin"] = "${server.url}" }
  if n % 2 == 0 then
    return wrk.format("POST", "/api/videos/" .. item .. "/like", headers, nil)
  end
  headers["Content-Type"] = "application/json"
  return wrk.format("POST", "/api/videos/" .. item .. "/comments", headers, '{"content":"bench comment ' .. n .. '"}')
end`;
      try {
        if (replicated) {
          for (let i = 0; (await health(server.url)).replica !== "ok"; i++) {
            if (i > 600) throw new Error("the replica never got in sync");
            await new Promise((r) => setTimeout(r, 100));
          }
          if (LITESTREAM_CPU !== "0") {
            for (const pid of ownLitestreamPids()) {
              new Deno.Command("taskset", { args: ["-a", "-p", "-c", LITESTREAM_CPU, String(pid)], stdout: "null" }).outputSync();
            }
          }
        }
        await measure("warm-up", `${server.url}/`, { lua, seconds: 3 });
        const lags: number[] = [];
        let polling = replicated;
        let delayed = 0; // writes the back-pressure made wait (REPLICA_MAX_LAG_SECONDS, decision 050)
        const poller = (async () => {
          while (polling) {
            const h = await health(server.url);
            lags.push(h.replicaLagSeconds);
            delayed = h.replicaDelayedWrites ?? 0;
            await new Promise((r) => setTimeout(r, 250));
          }
        })();
        const metricsBefore = await litestreamMetrics(server.dataDir);
        const cpuBefore = cpuSnapshot(server.pid);
        const r = await measure(replicated ? "replicated" : "off", `${server.url}/`, { lua, seconds: DURATION });
        const endedAt = Date.now();
        const cpu = cpuBetween(cpuBefore, cpuSnapshot(server.pid));
        const metrics = await litestreamMetrics(server.dataDir);
        polling = false;
        await poller;
        let catchUp = "-";
        if (replicated) {
          catchUp = "not in 120 s";
          while (Date.now() - endedAt < 120_000) {
            const h = await health(server.url);
            if (h.replica === "ok" && Date.parse(h.replicaSyncedAt) >= endedAt) {
              catchUp = `${((Date.now() - endedAt) / 1000).toFixed(2)} s`;
              break;
            }
            await new Promise((r) => setTimeout(r, 50));
          }
        }
        const perReq = (seconds: number) => ((seconds * 1000) / r.requests).toFixed(2);
        const delta = (name: string) => (metrics.get(name) ?? 0) - (metricsBefore.get(name) ?? 0);
        cpuRows.push([
          run,
          replicated ? "REPLICA_URL (moto)" : "off",
          perReq(cpu.seconds.server),
          replicated ? perReq(cpu.seconds.litestream) : "-",
          replicated ? perReq(cpu.seconds.moto) : "-",
          (cpu.seconds.others / cpu.wallSeconds).toFixed(2),
          replicated ? (delta("litestream_total_wal_bytes") / r.requests / 1024).toFixed(1) : "-",
          replicated
            ? `${delta('litestream_checkpoint_count{mode="PASSIVE"}')}/${delta('litestream_checkpoint_count{mode="RESTART"}')}`
            : "-",
          replicated ? ((delta("litestream_sync_seconds") * 1000) / Math.max(1, delta("litestream_sync_count"))).toFixed(1) : "-",
          replicated ? (delta(PUTS) / cpu.wallSeconds).toFixed(1) : "-",
          replicated ? (delta(PUT_BYTES) / r.requests / 1024).toFixed(1) : "-",
        ]);
        if (replicated && Deno.env.get("LAG_SERIES")) {
          console.log(`lag every 250 ms, run ${run} (${delayed} of ${r.requests} writes delayed): ${lags.join(" ")}`);
        }
        results.set(String(replicated), [...(results.get(String(replicated)) ?? []), r]);
        rows.push([
          run,
          replicated ? "REPLICA_URL (moto)" : "off",
          r.rps.toFixed(0),
          `${r.p99.toFixed(1)} ms`,
          r.non2xx,
          r.errors,
          replicated ? `${median(lags)} s` : "-",
          replicated ? `${Math.max(...lags)} s` : "-",
          catchUp,
        ]);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  await moto.close();
}

printTable(
  `POST like + POST comment (half each), 100 members, 1,000 items; wrk -t1 -c32 -d${DURATION}s from core 1; server and Litestream ` +
    `on core 0${LITESTREAM_CPU === "0" ? "" : ` (Litestream on ${LITESTREAM_CPU})`}, moto on ${
      MOTO_CPU === "any" ? "any core" : `core ${MOTO_CPU}`
    }; load average before: ${loadBefore}, after: ` +
    Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" "),
  ["run", "replication", "req/s", "p99", "non-2xx", "socket errors", "lag (median)", "lag (max)", "in sync after load"],
  rows,
);
printTable(
  "Where the CPU went during the load: CPU ms per request by process (utime + stime from /proc), the other work on the machine in " +
    "cores, and from Litestream's metrics the WAL it copied per request, its checkpoints, the time of one sync (a monitor tick), " +
    "its PUTs a second and what it sent (LZ4) per request",
  [
    "run",
    "replication",
    "server",
    "litestream",
    "moto",
    "others (cores)",
    "WAL KiB/req",
    "checkpoints P/R",
    "sync ms",
    "PUT/s",
    "sent KiB/req",
  ],
  cpuRows,
);
const mean = (key: string, f: (r: WrkResult) => number) => {
  const list = results.get(key)!;
  return list.reduce((s, r) => s + f(r), 0) / list.length;
};
console.log(
  `Replicated over off: req/s ${(mean("true", (r) => r.rps) / mean("false", (r) => r.rps)).toFixed(2)}, ` +
    `p99 ${(mean("true", (r) => r.p99) / mean("false", (r) => r.p99)).toFixed(2)} (means of ${RUNS} runs). ` +
    "The lag is /healthz's (the age of the oldest write Litestream took that the replica lacks, read every 250 ms);\n" +
    "'in sync after load' is the time from wrk's end until the replica held every write. moto is Python on the same\n" +
    "2 cores: a real bucket answers slower per request but takes no CPU from the server. wrk's own CPU is in 'others'.",
);
