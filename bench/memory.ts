/**
 * Memory (issue 24): the server's RSS by kind, idle, after load and after the next trim
 * (lib/boot/memory_trim.ts), read from /proc/<pid>/smaps. `deno task bench memory [seconds] [sizes]`,
 * e.g. `deno task bench memory` (60 s of load on 1,000 items) or `... memory 300 1000,100000` (the
 * issue's 5 minutes; 100,000 uses bench/growth.ts's kept database, seeded there first).
 * Load: wrk -c32 on eight pages and APIs in turn, 3 s each. Variants: as shipped (V8's young generation
 * capped by lib/boot/v8_flags.ts), and with V8's defaults (MEMORY_VARIANTS=shipped: the first only);
 * `MEMORY_BASE=<checkout>` (built, same schema, e.g. a clone of main) adds that tree's main.ts first.
 * Then the variants' servers run side by side and the load takes turns between them, slice by slice:
 * on a shared machine req/s is comparable only so (decision 049). Otherwise each variant runs alone,
 * under 60 s of unbroken load: the figures the quality bar reads.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { mediaSlug } from "../lib/media/slug.ts";
import { V8_FLAGS } from "../lib/boot/v8_flags.ts";
import { type BenchServer, BROWSER, measure, printTable, startBenchServer } from "./_lib.ts";
import { seedItems } from "./_seed.ts";

const SECONDS = Number(Deno.args[0] ?? 60);
const SIZES = (Deno.args[1] ?? "1000").split(",").map(Number);
/** Seconds of load on one path before the next (or the next variant's turn). */
const SLICE = 3;
const GROWTH_DIR = `${tmpdir()}/dreamreel-growth`;
/** A variant: its label, the server's deno flags (undefined: as shipped) and the checkout it runs (undefined: this one). */
type Variant = [string, string[] | undefined, string?];
/** As shipped (lib/boot/v8_flags.ts), and with V8's own defaults. */
const ALL_VARIANTS: Variant[] = [["as shipped", undefined], ["V8 defaults", []]];
/** `MEMORY_VARIANTS=shipped` measures the first only. */
const EXTRA = Deno.env.get("MEMORY_EXTRA_V8");
const BASE = Deno.env.get("MEMORY_BASE");
const VARIANTS: Variant[] = [
  ...(BASE ? [[`base ${BASE.replace(/\/$/, "").split("/").pop()}`, undefined, BASE] as Variant] : []),
  ...(Deno.env.get("MEMORY_VARIANTS") === "shipped"
    ? ALL_VARIANTS.slice(0, 1)
    : EXTRA
    ? [ALL_VARIANTS[0], [`+ ${EXTRA}`, [`--v8-flags=${V8_FLAGS},${EXTRA}`]] as Variant]
    : ALL_VARIANTS),
];
const PATHS = [
  "/",
  "/?shuffleSeed=m",
  "/search?q=dragon",
  "/search?q=ai",
  `/media/${mediaSlug("x", 7)}`,
  "/forum",
  "/user/bench_user_0",
  "/api/content/feed?sortBy=popular&page=50",
];

type Kinds = Record<string, number>;

/** RSS in MB by kind of mapping. */
function rssByKind(pid: number): Kinds {
  const out: Kinds = {};
  let kind = "";
  for (const line of Deno.readTextFileSync(`/proc/${pid}/smaps`).split("\n")) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/);
    if (head) {
      const kb = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024;
      const name = head[3];
      kind = name.startsWith("/")
        ? (/deno|dreamreel/.test(name) ? "binary" : "files")
        : name === "[heap]"
        ? "malloc heap"
        : name
        ? "other"
        : kb % 256 === 0
        ? "V8 pages"
        : "malloc mmap";
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  out.total = Object.values(out).reduce((a, b) => a + b, 0);
  return out;
}

const KINDS = ["total", "binary", "V8 pages", "malloc heap", "malloc mmap"];
const rows: (string | number)[][] = [];
for (const size of SIZES) {
  if (!existsSync(`${GROWTH_DIR}/v3-${size}/.seeded`) && size > 10_000) {
    throw new Error(`run \`deno task bench growth\` first to seed ${size} items`);
  }
  // With a base to compare, all variants run at once, the load taking turns slice by slice (same path,
  // same moment), so their req/s meet the same machine; each one's figures are read right after its own last slice.
  for (const group of BASE ? [VARIANTS] : VARIANTS.map((v) => [v])) rows.push(...await measureGroup(size, group));
}

async function measureGroup(size: number, group: Variant[]): Promise<(string | number)[][]> {
  const kept = `${GROWTH_DIR}/v3-${size}`;
  const useKept = existsSync(`${kept}/.seeded`);
  const rows: (string | number)[][] = [];
  const servers: BenchServer[] = [];
  try {
    for (const [, denoFlags, root] of group) {
      servers.push(
        await startBenchServer({
          dataDir: useKept ? kept : undefined,
          denoFlags,
          root,
          env: { LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "0", JOBS_IN_WEB: "false" },
          seed: useKept ? undefined : (db) => seedItems(db, size),
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 3000));
    const idle = servers.map((s) => rssByKind(s.pid));
    const requests = servers.map(() => 0);
    const loaded: Kinds[] = [];
    const ended: number[] = [];
    const rounds = Math.ceil(SECONDS / SLICE);
    for (let i = 0; i < rounds; i++) {
      const path = PATHS[i % PATHS.length];
      for (const [j, server] of servers.entries()) {
        requests[j] += (await measure(path, server.url + path, { headers: BROWSER, seconds: SLICE })).requests;
        if (i === rounds - 1) loaded[j] = rssByKind(server.pid), ended[j] = performance.now();
      }
    }
    const rested: Kinds[] = [];
    for (const [j, server] of servers.entries()) {
      await new Promise((r) => setTimeout(r, Math.max(0, ended[j] + 31_000 - performance.now())));
      rested[j] = rssByKind(server.pid);
    }
    for (const [j, [variant]] of group.entries()) {
      for (const [when, k] of [["idle", idle[j]], [`after ${rounds * SLICE} s of load`, loaded[j]], ["31 s later", rested[j]]] as const) {
        rows.push([
          size.toLocaleString("en-US"),
          variant,
          when,
          ...KINDS.map((kind) => (k[kind] ?? 0).toFixed(0)),
          when === "idle" ? "" : Math.round(requests[j] / (rounds * SLICE)),
        ]);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  return rows;
}
printTable("Server RSS by kind (MB), from /proc/<pid>/smaps; req/s is the mean over the load", [
  "items",
  "variant",
  "when",
  ...KINDS,
  "req/s",
], rows);
