/**
 * Growth bench (issue 24): `deno task bench growth [sizes] [seconds]`, e.g. `deno task bench growth`
 * or `NODE_ENV=production deno run -A bench/growth.ts 1000,100000 3`.
 * The same requests against databases of 1,000, 10,000 and 100,000 approved items (and half as
 * many forum threads), each seeded once by the bench's own seeders and kept between runs under
 * $DREAMREEL_GROWTH_DIR (default /tmp/dreamreel-growth; delete it to reseed). Per size: the real
 * server pinned to core 0, wrk from core 1 (1 thread, 32 connections), page cache off. Prints
 * req/s and p99 per size, the largest/smallest ratio per endpoint, and the EXPLAIN QUERY PLAN of
 * every query those requests run (bench/_plans.ts), read on the largest database.
 */
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { openDb } from "../db/client.ts";
import { mediaSlug } from "../lib/media/slug.ts";
import { BROWSER, measure, printTable, rssMb, startBenchServer, withAgeCookie, type WrkResult } from "./_lib.ts";
import { growthPlans } from "./_plans.ts";
import { seedItems } from "./_seed.ts";
import { seedForum } from "./_seed_forum.ts";
import { ensureLongThread, FORUM_TARGETS, type ForumTarget, printForumTables } from "./_growth_forum.ts";

const SIZES = (Deno.args[0] ?? "1000,10000,100000").split(",").map(Number);
const SECONDS = Number(Deno.args[1] ?? 3);
const ROOT_DIR = Deno.env.get("DREAMREEL_GROWTH_DIR") ?? `${tmpdir()}/dreamreel-growth`;
/** Bumped when the seeders change, so an old cached database is not measured as a new one. */
const SEED_VERSION = 3;

/** `path` may name the bench uploader's deep profile page, found once the server is up (profileTargets). */
type Target = { label: string; path: string | ((p: ProfilePaths) => string); member?: boolean; resolve?: ForumTarget["resolve"] };

const SORTS = ["trending", "newest", "oldest", "most-viewed", "popular"] as const;
const ALL_TARGETS: Target[] = [
  { label: "/search?q=dragon", path: "/search?q=dragon" },
  { label: "/search?q=ai", path: "/search?q=ai" },
  { label: "/api/search?q=dragon", path: "/api/search?q=dragon" },
  { label: "/api/search?q=neon city&type=videos", path: "/api/search?q=neon%20city&type=videos" },
  // A filtered search whose page is full at every size (the one above has 28 matches at 1,000 items).
  { label: "/api/search?q=dragon&type=videos", path: "/api/search?q=dragon&type=videos" },
  { label: "home, visitor", path: "/?shuffleSeed=growth" },
  { label: "home, member", path: "/?shuffleSeed=growth", member: true },
  { label: "home, fresh shuffle", path: "/" },
  ...SORTS.flatMap((sort) =>
    [1, 50, 10_000].map((page) => ({ label: `feed ${sort} page ${page}`, path: `/api/content/feed?sortBy=${sort}&page=${page}` }))
  ),
  { label: "forum, visitor", path: "/forum" },
  { label: "forum threads offset 3000", path: "/api/forum/threads?sortBy=oldest&offset=3000" },
  { label: "forum threads popular offset 300", path: "/api/forum/threads?sortBy=popular&offset=300" },
  // Per sort: first page, deep by offset, deep by cursor; a long thread's comments (issue 44, bench/_growth_forum.ts).
  ...FORUM_TARGETS,
  { label: "profile of a busy uploader", path: "/user/bench_user_0" },
  // Issue 44: a deep page of the same grid by the old page number (answered from a kept key) and by the Next link's cursor, and the API.
  { label: "profile deep page, page=", path: (p) => `/user/bench_user_0?page=${p.deepPage}` },
  { label: "profile deep page, cursor", path: (p) => `/user/bench_user_0?cursor=${p.cursor}` },
  { label: "profile API page 1", path: (p) => `/api/users/${p.userId}/content` },
  { label: "profile API deep page, page=", path: (p) => `/api/users/${p.userId}/content?page=${p.deepPage}` },
  { label: "profile API deep page, cursor", path: (p) => `/api/users/${p.userId}/content?cursor=${p.cursor}` },
  { label: "media page", path: `/media/${mediaSlug("x", 7)}` },
];

/**
 * Requests per target before measuring (`GROWTH_WARMUP`, default 20). A big page such as the forum
 * index is still being optimised by V8 after 20 (decision 047): 100 shows the steady state.
 */
const WARMUP = Number(Deno.env.get("GROWTH_WARMUP") ?? 20);

/** `GROWTH_ONLY=search` (a regular expression on the labels) measures a part of the list. */
const ONLY = new RegExp(Deno.env.get("GROWTH_ONLY") ?? "");
const TARGETS = ALL_TARGETS.filter((t) => ONLY.test(t.label));

type ProfilePaths = { userId: number; deepPage: number; cursor: string };

/** The busy uploader's id, their last full grid page (page 166 of 167 at 100,000 items) and the cursor that leads to it. */
async function profilePaths(base: string): Promise<ProfilePaths> {
  const { id } = await (await fetch(`${base}/api/users/by-username/bench_user_0`)).json();
  const { totalCount, pageSize } = await (await fetch(`${base}/api/users/${id}/content`)).json();
  const deepPage = Math.max(2, Math.floor(totalCount / pageSize));
  const { next } = await (await fetch(`${base}/api/users/${id}/content?page=${deepPage - 1}`)).json();
  return { userId: id, deepPage, cursor: next };
}

const rss = new Map<number, { idle: number; loaded: number }>();
/** Median ms of one request at a time, per size and target: steadier than wrk on a machine others share. */
const serial = new Map<number, number[]>();

async function oneAtATime(url: string, headers: Record<string, string>, count = 60): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[count >> 1];
}

async function runSize(items: number): Promise<WrkResult[]> {
  const dataDir = `${ROOT_DIR}/v${SEED_VERSION}-${items}`;
  mkdirSync(dataDir, { recursive: true });
  await ensureLongThread(`${dataDir}/dreamreel.db`);
  const started = performance.now();
  const server = await startBenchServer({
    dataDir,
    // No job runner: the start-up backfills (perceptual hashes of every seeded item, renditions of
    // seeded videos whose files are not real) would share the measured core.
    env: { LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "0", JOBS_IN_WEB: "false" },
    seed: async (db) => {
      console.log(`seeding ${items} items and ${items / 2} threads into ${dataDir} (once)`);
      await seedItems(db, items);
      await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
      await seedForum(db, items / 2);
      await ensureLongThread(`${dataDir}/dreamreel.db`);
    },
  });
  console.log(`${items} items: server up in ${Math.round(performance.now() - started)} ms (pid ${server.pid})`);
  try {
    await new Promise((r) => setTimeout(r, 2000)); // the kept rankings are made at start
    const idle = rssMb(server.pid);
    const member = { ...BROWSER, cookie: server.cookie };
    // Cursors and thread ids of this database.
    for (const t of TARGETS) if (t.resolve) t.path = await t.resolve(server.url);
    const profile = TARGETS.some((t) => typeof t.path === "function") ? await profilePaths(server.url) : null;
    const pathOf = (t: Target) => (typeof t.path === "string" ? t.path : t.path(profile!));
    // Warm up: JIT, statement caches and the kept rankings.
    for (const t of TARGETS) {
      for (let i = 0; i < WARMUP; i++) await (await fetch(server.url + pathOf(t), { headers: t.member ? member : BROWSER })).arrayBuffer();
    }
    const medians: number[] = [];
    for (const t of TARGETS) medians.push(await oneAtATime(server.url + pathOf(t), withAgeCookie(t.member ? member : BROWSER)));
    serial.set(items, medians);
    const out: WrkResult[] = [];
    for (const t of TARGETS) {
      out.push(await measure(t.label, server.url + pathOf(t), { headers: t.member ? member : BROWSER, seconds: SECONDS }));
    }
    rss.set(items, { idle, loaded: rssMb(server.pid) });
    return out;
  } finally {
    await server.stop();
  }
}

const load = () => new TextDecoder().decode(new Deno.Command("uptime").outputSync().stdout).trim();
console.log(`machine: ${navigator.hardwareConcurrency} cores; ${load()}`);
const bySize = new Map<number, WrkResult[]>();
for (const size of SIZES) bySize.set(size, await runSize(size));
console.log(`after the runs: ${load()}`);

const first = SIZES[0];
const last = SIZES[SIZES.length - 1];
const cell = (r: WrkResult) => `${Math.round(r.rps)} / ${r.p99.toFixed(1)}${r.errors || r.non2xx ? ` (${r.errors + r.non2xx} bad)` : ""}`;
printTable(
  `Growth: req/s / p99 ms, server on 1 core (taskset -c 0), wrk -t1 -c32 -d${SECONDS}s from core 1, page cache off`,
  ["endpoint", ...SIZES.map((s) => s.toLocaleString("en-US")), `${last / 1000}k/${first / 1000}k req/s`, "p99 ratio"],
  TARGETS.map((t, i) => {
    const a = bySize.get(first)![i];
    const b = bySize.get(last)![i];
    return [t.label, ...SIZES.map((s) => cell(bySize.get(s)![i])), (b.rps / a.rps).toFixed(2), (b.p99 / a.p99).toFixed(2)];
  }),
);

printTable(
  "One request at a time: median ms of 60 (the server's own cost per request, less sensitive to other load)",
  ["endpoint", ...SIZES.map((s) => s.toLocaleString("en-US")), `${last / 1000}k/${first / 1000}k`],
  TARGETS.map((t, i) => [
    t.label,
    ...SIZES.map((s) => serial.get(s)![i].toFixed(2)),
    (serial.get(last)![i] / serial.get(first)![i]).toFixed(2),
  ]),
);
const serialAt = (label: string) => serial.get(last)![TARGETS.findIndex((t) => t.label === label)];

// Deep pages against page 1 of the same sort, on the largest database.
const at = (label: string) => bySize.get(last)!.find((r) => r.name === label)?.rps ?? NaN;
if (TARGETS.some((t) => t.label.startsWith("feed "))) {
  printTable(
    `Deep feed pages at ${last.toLocaleString("en-US")} items: req/s of page 1 over page N (1.5 or less is the bar)`,
    ["sort", "page 1 req/s", "1/50", "1/10000", "page 1 ms, one at a time", "50/1", "10000/1"],
    SORTS.map((s) => {
      const p1 = at(`feed ${s} page 1`);
      const m1 = serialAt(`feed ${s} page 1`);
      return [
        s,
        Math.round(p1),
        (p1 / at(`feed ${s} page 50`)).toFixed(2),
        (p1 / at(`feed ${s} page 10000`)).toFixed(2),
        m1.toFixed(2),
        (serialAt(`feed ${s} page 50`) / m1).toFixed(2),
        (serialAt(`feed ${s} page 10000`) / m1).toFixed(2),
      ];
    }),
  );
}

// Issue 44: the busy uploader's profile against the home page, and its deep page against its first, one request at a time.
if (TARGETS.some((t) => t.label.startsWith("profile")) && TARGETS.some((t) => t.label === "home, visitor")) {
  const ms = (label: string) => (TARGETS.some((t) => t.label === label) ? serialAt(label) : NaN);
  const home = ms("home, visitor");
  printTable(
    `Profile of a busy uploader at ${last.toLocaleString("en-US")} items: median ms one at a time (bars: profile/home 2, deep/first 1.5)`,
    ["request", "ms", "/ home", "/ first page"],
    [
      ["home, visitor", home.toFixed(2), "1.00", ""],
      ["profile page 1", ms("profile of a busy uploader").toFixed(2), (ms("profile of a busy uploader") / home).toFixed(2), "1.00"],
      ...["page=", "cursor"].map((how) => {
        const m = ms(`profile deep page, ${how}`);
        return [`profile deep page, ${how}`, m.toFixed(2), (m / home).toFixed(2), (m / ms("profile of a busy uploader")).toFixed(2)];
      }),
      ["profile API page 1", ms("profile API page 1").toFixed(2), (ms("profile API page 1") / home).toFixed(2), "1.00"],
      ...["page=", "cursor"].map((how) => {
        const m = ms(`profile API deep page, ${how}`);
        return [`profile API deep page, ${how}`, m.toFixed(2), (m / home).toFixed(2), (m / ms("profile API page 1")).toFixed(2)];
      }),
    ],
  );
}

printForumTables(SIZES, (size, label) => serial.get(size)![TARGETS.findIndex((t) => t.label === label)] ?? NaN);

printTable(
  "Server RSS (MB): idle 2 s after start, and after every request above",
  ["items", "idle", "after load"],
  SIZES.map((size) => [size.toLocaleString("en-US"), rss.get(size)!.idle.toFixed(0), rss.get(size)!.loaded.toFixed(0)]),
);

const db = openDb(`file:${ROOT_DIR}/v${SEED_VERSION}-${last}/dreamreel.db`);
console.log(`\nQuery plans at ${last.toLocaleString("en-US")} items (EXPLAIN QUERY PLAN):`);
for (const p of await growthPlans(db)) console.log(`\n${p.label}${p.fullScan ? "   <-- FULL SCAN" : ""}\n  ${p.plan.join("\n  ")}`);
db.client.close();
