/**
 * Dreamreel against the Next.js peer of the peers harness (issue 14): `deno task bench peer`.
 * - Starts the peer with the harness's run-next.sh (which installs, seeds and builds it once) and
 *   Dreamreel seeded like it (1,000 items, one signed-in member, the peer's thumbnails, page
 *   cache off so every request really renders; plus a forum of 200 threads for Lighthouse's forum
 *   page; the 18+ gate off), both pinned to the same core (SERVER_CPU, 1).
 * - wrk from the other core (WRK_CPU, 0): each pair alternates ours, peer, ours, peer...
 * - First-HTML bytes in gzip and brotli, Lighthouse mobile medians (the harness's lighthouse.sh),
 *   and the ratios against issue 14's targets.
 * Env: PEERS_DIR (default ../shared/peers beside the checkout, else /work/shared/peers), RUNS (3),
 * DURATION seconds (10), WARMUP seconds (3), CONNECTIONS (32), ENCODING (what wrk sends as
 * Accept-Encoding, default a browser's "gzip, deflate, br"; empty for none), ITEMS (1000),
 * LH_RUNS (3; 0 skips Lighthouse), SERVER_CPU (1), WRK_CPU (0).
 */
import { kb, printTable, startBenchServer } from "./_lib.ts";
import {
  alternate,
  htmlBytes,
  type Lighthouse,
  lighthouse,
  loadAverage,
  median,
  type Pair,
  type PairResult,
  peersDir,
  seedLikePeer,
  startNextPeer,
  stopPid,
} from "./_peer.ts";

const env = (name: string, fallback: string) => Deno.env.get(name) ?? fallback;
const opts = {
  runs: Number(env("RUNS", "3")),
  seconds: Number(env("DURATION", "10").replace(/s$/, "")),
  warmup: Number(env("WARMUP", "3")),
  connections: Number(env("CONNECTIONS", "32")),
  encoding: env("ENCODING", "gzip, deflate, br"),
  cpu: Number(env("WRK_CPU", "0")),
};
const SERVER_CPU = Number(env("SERVER_CPU", "1"));
const ITEMS = Number(env("ITEMS", "1000"));
const LH_RUNS = Number(env("LH_RUNS", "3"));

const peers = peersDir();
if (!peers) {
  console.error(
    "bench peer: the peers harness (run-next.sh, nextjs-feed/) was not found. Set PEERS_DIR to its folder; looked in " +
      "../shared/peers and ../../shared/peers beside this checkout and in /work/shared/peers.",
  );
  Deno.exit(2);
}
for (const tool of ["node", "npm"]) {
  if (!new Deno.Command("sh", { args: ["-c", `command -v ${tool}`], stdout: "null" }).outputSync().success) {
    console.error(`bench peer: the Next.js peer needs ${tool} (Node 20+ and npm) on PATH`);
    Deno.exit(2);
  }
}

console.log(`peers harness: ${peers}; load average before: ${loadAverage()}`);
const { pid: nextPid, url: PEER } = await startNextPeer(peers, SERVER_CPU);
let ours: Awaited<ReturnType<typeof startBenchServer>> | undefined;
const stopAll = async () => {
  stopPid(nextPid);
  await ours?.stop();
};
Deno.addSignalListener("SIGINT", async () => {
  await stopAll();
  Deno.exit(130);
});

try {
  ours = await startBenchServer({
    cpu: SERVER_CPU,
    // The gate off, as for a visitor who has answered it: wrk sends its cookie anyway, and
    // Lighthouse (which cannot) would otherwise measure the interstitial.
    env: { PAGE_CACHE_SECONDS: "0", LOG_LEVEL: "error", AGE_GATE: "false" },
    seed: seedLikePeer(peers, ITEMS, 200),
  });
  const OURS = ours.url;
  const media = await fetch(`${OURS}/media/7`);
  await media.body?.cancel();
  const mediaPath = new URL(media.url).pathname;
  const cssVersion = (await (await fetch(`${OURS}/static/build/manifest.json`)).json()).css.match(/-([^-/.]+)\.css$/)?.[1] ?? "";
  const returning = { cookie: `dr_css=${cssVersion}` };

  const pairs: Pair[] = [
    {
      name: "home, visitor",
      ours: { label: "GET / visitor", url: `${OURS}/`, pid: ours.pid },
      peer: { label: "GET /", url: `${PEER}/`, pid: nextPid },
    },
    {
      name: "home, member",
      ours: { label: "GET / member", url: `${OURS}/`, pid: ours.pid, headers: { cookie: `${ours.cookie}; ${returning.cookie}` } },
      peer: { label: "GET / (no sessions)", url: `${PEER}/`, pid: nextPid },
    },
    {
      name: "media page, visitor",
      ours: { label: `GET ${mediaPath.slice(0, 26)}`, url: OURS + mediaPath, pid: ours.pid },
      peer: { label: "GET / (its media page is a stub)", url: `${PEER}/`, pid: nextPid },
    },
    {
      name: "feed API",
      ours: { label: "GET /api/content/feed", url: `${OURS}/api/content/feed`, pid: ours.pid },
      peer: { label: "GET /api/feed?page=1", url: `${PEER}/api/feed?page=1`, pid: nextPid },
    },
  ];
  console.log(
    `\nwrk -t1 -c${opts.connections} -d${opts.seconds}s --latency on core ${opts.cpu}, both servers on core ${SERVER_CPU}, ` +
      `${opts.runs} rounds alternating, Accept-Encoding: ${opts.encoding || "(none)"}, page cache off, ${ITEMS} items`,
  );
  const results: PairResult[] = [];
  for (const pair of pairs) {
    console.log(`\n${pair.name}`);
    results.push(await alternate(pair, opts));
  }
  const med = (r: PairResult, side: "ours" | "peer", k: "rps" | "p99" | "cpuMs") => median(r[side].map((x) => x[k]));
  const TARGET: Record<string, string> = { "home, visitor": ">= 10x", "home, member": ">= 10x", "media page, visitor": ">= 5x" };
  printTable(
    "Server on one core: medians (CPU/req: the server's own CPU time per request from /proc, steadier than req/s on a busy machine)",
    ["pair", "ours req/s", "ours p99", "peer req/s", "peer p99", "ratio", "CPU/req ours", "CPU/req peer", "CPU ratio", "target"],
    results.map((r) => {
      const ratio = med(r, "ours", "rps") / med(r, "peer", "rps");
      const cpuRatio = med(r, "peer", "cpuMs") / med(r, "ours", "cpuMs");
      const target = r.pair.name === "feed API" ? `>= 4,000 req/s` : TARGET[r.pair.name];
      const x = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : "n/a");
      return [
        r.pair.name,
        Math.round(med(r, "ours", "rps")),
        `${med(r, "ours", "p99").toFixed(1)} ms`,
        Math.round(med(r, "peer", "rps")),
        `${med(r, "peer", "p99").toFixed(1)} ms`,
        x(ratio),
        `${med(r, "ours", "cpuMs").toFixed(2)} ms`,
        `${med(r, "peer", "cpuMs").toFixed(2)} ms`,
        x(cpuRatio),
        target,
      ];
    }),
  );

  const pages = [
    ["ours / first visit", `${OURS}/`, {}],
    ["ours / returning (dr_css)", `${OURS}/`, returning],
    ["ours media first visit", OURS + mediaPath, {}],
    ["ours media returning", OURS + mediaPath, returning],
    ["peer /", `${PEER}/`, {}],
  ] as const;
  const bytes = [];
  for (const [label, url, headers] of pages) {
    const b = await htmlBytes(url, headers);
    bytes.push([label, `${kb(b.gzip)} (${b.gzipEnc})`, `${kb(b.br)} (${b.brEnc})`, kb(b.raw)]);
  }
  printTable("First HTML (budget: 14 KB compressed on a first visit, 10 KB returning)", ["page", "gzip", "brotli", "raw"], bytes);

  if (LH_RUNS > 0) {
    const lh: [string, Lighthouse | null][] = [];
    for (
      const [label, url] of [
        ["ours /", `${OURS}/`],
        ["ours media", OURS + mediaPath],
        ["ours forum", `${OURS}/forum`],
        ["peer /", `${PEER}/`],
      ]
    ) {
      console.log(`\nLighthouse ${label}`);
      lh.push([label, await lighthouse(peers, url, LH_RUNS)]);
    }
    const peerLh = lh[lh.length - 1][1];
    printTable(
      `Lighthouse mobile, medians of ${LH_RUNS} (targets: FCP and LCP at or below the peer's, score >= 98, CLS 0, home JS <= 74 KB)`,
      ["page", "score", "FCP", "LCP", "TBT", "CLS", "JS", "total", "FCP/peer", "LCP/peer"],
      lh.map(([label, r]) =>
        r
          ? [
            label,
            r.score,
            `${Math.round(r.fcp)} ms`,
            `${Math.round(r.lcp)} ms`,
            `${Math.round(r.tbt)} ms`,
            r.cls.toFixed(3),
            kb(r.js),
            kb(r.total),
            peerLh ? `${(r.fcp / peerLh.fcp).toFixed(2)}x` : "n/a",
            peerLh ? `${(r.lcp / peerLh.lcp).toFixed(2)}x` : "n/a",
          ]
          : [label, "failed", "", "", "", "", "", "", "", ""]
      ),
    );
  }
  console.log(`\nload average after: ${loadAverage()} (figures are only comparable as ratios within one run)`);
} finally {
  await stopAll();
}
