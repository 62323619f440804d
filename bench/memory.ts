/**
 * Memory (issue 24): the server's RSS by kind, idle, after load and after the next trim
 * (lib/boot/memory_trim.ts), read from /proc/<pid>/smaps. `deno task bench memory [seconds] [sizes]`,
 * e.g. `deno task bench memory` (60 s of load on 1,000 items) or `... memory 300 1000,100000` (the
 * issue's 5 minutes; 100,000 uses bench/growth.ts's kept database, seeded there first).
 * Load: wrk -c32 on eight pages and APIs in turn, 3 s each. Variants: as shipped (V8's young generation
 * capped by lib/boot/v8_flags.ts), and with V8's defaults (MEMORY_VARIANTS=shipped: the first only).
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { mediaSlug } from "../lib/media/slug.ts";
import { V8_FLAGS } from "../lib/boot/v8_flags.ts";
import { BROWSER, measure, printTable, startBenchServer } from "./_lib.ts";
import { seedItems } from "./_seed.ts";

const SECONDS = Number(Deno.args[0] ?? 60);
const SIZES = (Deno.args[1] ?? "1000").split(",").map(Number);
const GROWTH_DIR = `${tmpdir()}/dreamreel-growth`;
/** As shipped (lib/boot/v8_flags.ts), and with V8's own defaults. */
const ALL_VARIANTS: [string, string[] | undefined][] = [["as shipped", undefined], ["V8 defaults", []]];
/** `MEMORY_VARIANTS=shipped` measures the first only. */
const EXTRA = Deno.env.get("MEMORY_EXTRA_V8");
const VARIANTS = Deno.env.get("MEMORY_VARIANTS") === "shipped"
  ? ALL_VARIANTS.slice(0, 1)
  : EXTRA
  ? [ALL_VARIANTS[0], [`+ ${EXTRA}`, [`--v8-flags=${V8_FLAGS},${EXTRA}`]] as [string, string[]]]
  : ALL_VARIANTS;
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
  const kept = `${GROWTH_DIR}/v3-${size}`;
  const useKept = existsSync(`${kept}/.seeded`);
  if (!useKept && size > 10_000) throw new Error(`run \`deno task bench growth\` first to seed ${size} items`);
  for (const [variant, denoFlags] of VARIANTS) {
    const server = await startBenchServer({
      dataDir: useKept ? kept : undefined,
      denoFlags,
      env: { LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "0", JOBS_IN_WEB: "false" },
      seed: useKept ? undefined : (db) => seedItems(db, size),
    });
    try {
      await new Promise((r) => setTimeout(r, 3000));
      const idle = rssByKind(server.pid);
      let requests = 0;
      const started = performance.now();
      for (let i = 0; performance.now() - started < SECONDS * 1000; i++) {
        const path = PATHS[i % PATHS.length];
        requests += (await measure(path, server.url + path, { headers: BROWSER, seconds: 3 })).requests;
      }
      const loaded = rssByKind(server.pid);
      await new Promise((r) => setTimeout(r, 31_000));
      const rested = rssByKind(server.pid);
      for (const [when, k] of [["idle", idle], [`after ${SECONDS} s of load`, loaded], ["31 s later", rested]] as const) {
        rows.push([
          size.toLocaleString("en-US"),
          variant,
          when,
          ...KINDS.map((kind) => (k[kind] ?? 0).toFixed(0)),
          when === "idle" ? "" : Math.round(requests / SECONDS),
        ]);
      }
    } finally {
      await server.stop();
    }
  }
}
printTable("Server RSS by kind (MB), from /proc/<pid>/smaps; req/s is the mean over the load", [
  "items",
  "variant",
  "when",
  ...KINDS,
  "req/s",
], rows);
