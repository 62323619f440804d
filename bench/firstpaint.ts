/**
 * The first screen (issue 14 points 1 and 3): `deno task bench firstpaint`. No wrk: it measures
 * what a phone's first visit gets, so it may run beside other work (Lighthouse still wants a
 * quiet machine: compare only figures of one run).
 * - Starts Dreamreel seeded like the Next.js peer (bench/_peer.ts seedLikePeer, plus a forum) and
 *   the peer (the harness's run-next.sh), both on SERVER_CPU. The 18+ gate is off, as for a
 *   visitor who has answered it: the gate is a page of its own, and wrk and the byte counts send
 *   its cookie anyway.
 * - Prints the first HTML of home, media and forum pages in gzip and brotli, on a first visit
 *   (critical CSS inlined) and a returning one (stylesheet cached), against the 14 KB and 10 KB
 *   budgets, and the peer's.
 * - Runs Lighthouse mobile (the harness's lighthouse.sh, one run at a time) in rounds over our
 *   home, media and forum pages and the peer's home, so drift on a busy machine hits all alike,
 *   and prints the medians of score, FCP, LCP, TBT, CLS and the LCP element.
 * Env: PEERS_DIR, LH_RUNS (5; 0 skips Lighthouse), ITEMS (1000), SERVER_CPU (1), LH_OUT (keeps
 * the JSON reports in that folder), BASELINE (another built checkout, e.g. of main, measured
 * alongside as "base": `git archive main | tar -x -C /tmp/base && (cd /tmp/base && deno task build)`).
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { kb, printTable, startBenchServer } from "./_lib.ts";
import { htmlBytes, median, peersDir, seedLikePeer, startNextPeer, stopPid } from "./_peer.ts";

const LH_RUNS = Number(Deno.env.get("LH_RUNS") ?? "5");
const ITEMS = Number(Deno.env.get("ITEMS") ?? "1000");
const SERVER_CPU = Number(Deno.env.get("SERVER_CPU") ?? "1");

const peers = peersDir();
if (!peers) {
  console.error("bench firstpaint: the peers harness was not found; set PEERS_DIR (see bench/peer.ts)");
  Deno.exit(2);
}

const { pid: nextPid, url: PEER } = await startNextPeer(peers, SERVER_CPU);
const start = (root?: string) =>
  startBenchServer({
    cpu: SERVER_CPU,
    root,
    env: { PAGE_CACHE_SECONDS: "0", LOG_LEVEL: "error", AGE_GATE: "false" },
    seed: seedLikePeer(peers, ITEMS, 200),
  });
const BASELINE = Deno.env.get("BASELINE");
let base: Awaited<ReturnType<typeof start>> | undefined;
const ours = await start().catch((err) => {
  stopPid(nextPid);
  throw err;
});
if (BASELINE) base = await start(BASELINE);

type Report = Record<string, any>;
const reports = new Map<string, Report[]>();

try {
  const OURS = ours.url;
  const media = await fetch(`${OURS}/media/7`);
  await media.body?.cancel();
  const mediaPath = new URL(media.url).pathname;
  const cssVersion = (await (await fetch(`${OURS}/static/build/manifest.json`)).json()).css.match(/-([^-/.]+)\.css$/)?.[1] ?? "";
  const returning = { cookie: `dr_css=${cssVersion}` };

  const rows = [];
  const pages: [string, string, Record<string, string>, number][] = [
    ["home, first visit", `${OURS}/`, {}, 14],
    ["home, returning", `${OURS}/`, returning, 10],
    ["media, first visit", OURS + mediaPath, {}, 14],
    ["media, returning", OURS + mediaPath, returning, 10],
    ["forum, first visit", `${OURS}/forum`, {}, 14],
    ["forum, returning", `${OURS}/forum`, returning, 10],
    ["peer /", `${PEER}/`, {}, 0],
  ];
  if (base) pages.push(["base home, first visit", `${base.url}/`, {}, 0], ["base media, first visit", base.url + mediaPath, {}, 0]);
  for (const [label, url, headers, budget] of pages) {
    const b = await htmlBytes(url, headers);
    const ok = budget === 0 ? "" : Math.max(b.gzip, b.br) <= budget * 1024 ? "ok" : "OVER";
    rows.push([label, `${kb(b.gzip)} (${b.gzipEnc})`, `${kb(b.br)} (${b.brEnc})`, kb(b.raw), budget ? `${budget} KB ${ok}` : ""]);
  }
  printTable("First HTML", ["page", "gzip", "brotli", "raw", "budget"], rows);

  if (LH_RUNS > 0) {
    const targets: [string, string][] = [
      ["ours /", `${OURS}/`],
      ["peer /", `${PEER}/`],
      ["ours media", OURS + mediaPath],
      ["ours /forum", `${OURS}/forum`],
    ];
    if (base) targets.push(["base /", `${base.url}/`], ["base media", base.url + mediaPath]);
    const keep = Deno.env.get("LH_OUT");
    const out = keep ?? Deno.makeTempDirSync({ dir: tmpdir(), prefix: "dreamreel-lh-" });
    for (let round = 1; round <= LH_RUNS; round++) {
      for (const [label, url] of targets) {
        const dir = join(out, `${label.replace(/\W+/g, "_")}-${round}`);
        mkdirSync(dir, { recursive: true });
        const run = await new Deno.Command("bash", {
          args: [join(peers, "lighthouse.sh"), url],
          env: { RUNS: "1", LH_OUT: dir },
          stdout: "null",
          stderr: "inherit",
        }).output();
        if (!run.success) continue;
        for (const f of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
          const report = JSON.parse(readFileSync(join(dir, f), "utf8"));
          reports.set(label, [...(reports.get(label) ?? []), report]);
          const a = report.audits;
          console.log(
            `round ${round} ${label.padEnd(12)} score ${Math.round(report.categories.performance.score * 100)}  FCP ${
              Math.round(a["first-contentful-paint"].numericValue)
            }  LCP ${Math.round(a["largest-contentful-paint"].numericValue)}  CLS ${a["cumulative-layout-shift"].numericValue.toFixed(3)}`,
          );
        }
      }
    }
    if (!keep) Deno.removeSync(out, { recursive: true });
    const peer = reports.get("peer /") ?? [];
    const pick = (rs: Report[], f: (r: Report) => number) => median(rs.map(f));
    const fcp = (r: Report) => r.audits["first-contentful-paint"].numericValue;
    const lcp = (r: Report) => r.audits["largest-contentful-paint"].numericValue;
    printTable(
      `Lighthouse mobile, medians of ${LH_RUNS} rounds (targets: score >= 98, FCP and LCP at or below the peer's, CLS 0)`,
      ["page", "runs", "score", "FCP", "LCP", "TBT", "CLS", "FCP/peer", "LCP/peer", "LCP element"],
      targets.map(([label]) => {
        const rs = reports.get(label) ?? [];
        const element = rs[0]?.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "";
        return [
          label,
          rs.length,
          pick(rs, (r) => Math.round(r.categories.performance.score * 100)),
          `${Math.round(pick(rs, fcp))} ms`,
          `${Math.round(pick(rs, lcp))} ms`,
          `${Math.round(pick(rs, (r) => r.audits["total-blocking-time"].numericValue))} ms`,
          pick(rs, (r) => r.audits["cumulative-layout-shift"].numericValue).toFixed(3),
          `${(pick(rs, fcp) / pick(peer, fcp)).toFixed(2)}x`,
          `${(pick(rs, lcp) / pick(peer, lcp)).toFixed(2)}x`,
          String(element).slice(0, 60),
        ];
      }),
    );
  }
} finally {
  stopPid(nextPid);
  await ours.stop();
  await base?.stop();
}
