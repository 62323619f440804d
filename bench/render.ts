/**
 * In-process CPU cost of one request per page (`deno task bench render`): the app is called
 * directly (no sockets), each target N times after a warm-up, and the process's CPU time
 * (`process.cpuUsage()`, user + system) is divided by N. CPU time, unlike wrk's wall-clock
 * figures, hardly moves when other processes share the machine, so before/after ratios of one
 * run are trustworthy on a busy box. `PROFILE=1` also records a V8 CPU profile of all targets
 * (node:inspector) and prints the functions with the most self time; `PROFILE_OUT=file` keeps it.
 * Env: N (400 requests per target), ROUNDS (3; the least CPU time of the rounds is shown), ITEMS (1000),
 * ONLY (substring of a target name).
 */
import { Session } from "node:inspector/promises";
import { createApp } from "../app.ts";
import { insertSession } from "../db/queries/sessions.ts";
import { insertUser } from "../db/queries/users.ts";
import { prepareData } from "../lib/boot/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { randomToken, sha256Hex } from "../lib/auth/crypto.ts";
import { manifest } from "../lib/render/assets.ts";
import { seedItems } from "./_seed.ts";
import { printTable, withAgeCookie } from "./_lib.ts";

const N = Number(Deno.env.get("N") ?? 400);
const ITEMS = Number(Deno.env.get("ITEMS") ?? 1000);
const ONLY = Deno.env.get("ONLY") ?? "";
const PROFILE = !!Deno.env.get("PROFILE");
const ROUNDS = Number(Deno.env.get("ROUNDS") ?? 3);

const dataDir = Deno.makeTempDirSync({ prefix: "dreamreel-render-" });
const ORIGIN = "http://127.0.0.1:8000";
const config = parseConfig({ DATA_DIR: dataDir, SITE_URL: ORIGIN, LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "0", NODE_ENV: "production" });
const db = await prepareData(config);
const member = await insertUser(db, { username: "render_member", email: null, passwordHash: null });
const sid = randomToken();
await insertSession(db, sha256Hex(sid), member.id, Date.now() + 86_400_000);
await seedItems(db, ITEMS);
await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
const app = createApp(config, { db });

const css = `dr_css=${/-([^-/.]+)\.css$/.exec(manifest().css)?.[1]}`;
const session = `dr_session=${sid}`;
const BROWSER = "gzip, deflate, br";
const mediaPath = new URL((await app.request(`${ORIGIN}/media/7`)).headers.get("location") ?? "/media/7", ORIGIN).pathname;

const targets: [string, string, Record<string, string>][] = [
  ["home visitor, first visit", "/", {}],
  ["home visitor, returning", "/", { cookie: css }],
  ["home visitor, shuffled", "/?shuffleSeed=bench", { cookie: css }],
  ["home member", "/", { cookie: `${session}; ${css}` }],
  ["media page visitor", mediaPath, { cookie: css }],
  ["media page member", mediaPath, { cookie: `${session}; ${css}` }],
  ["feed API trending", "/api/content/feed", {}],
  ["feed API newest p2", "/api/content/feed?sortBy=newest&page=2", {}],
].filter(([name]) => (name as string).includes(ONLY)) as [string, string, Record<string, string>][];

async function hit(path: string, headers: Record<string, string>) {
  const res = await app.request(ORIGIN + path, { headers: withAgeCookie({ "accept-encoding": BROWSER, ...headers }) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let session_: Session | undefined;
if (PROFILE) {
  session_ = new Session();
  session_.connect();
  await session_.post("Profiler.enable");
  await session_.post("Profiler.setSamplingInterval", { interval: 250 });
}

const profiles: any[] = [];
// Rounds over all targets; the least CPU time of a target across rounds is the figure least
// disturbed by other processes (cache and frequency contention only ever add time).
const best = new Map<string, { cpu: number; wall: number; bytes: number }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, path, headers] of targets) {
    for (let i = 0; i < Math.min(100, N); i++) await hit(path, headers);
    if (session_ && round === 0) await session_.post("Profiler.start");
    const t0 = performance.now();
    const c0 = cpuMs();
    let bytes = 0;
    for (let i = 0; i < N; i++) bytes = await hit(path, headers);
    const cpu = (cpuMs() - c0) / N;
    const wall = (performance.now() - t0) / N;
    if (session_ && round === 0) profiles.push((await session_.post("Profiler.stop")).profile);
    const prev = best.get(name);
    if (!prev || cpu < prev.cpu) best.set(name, { cpu, wall, bytes });
  }
}
const rows = [...best].map(([name, r]) => [name, `${r.cpu.toFixed(3)} ms`, Math.round(1000 / r.cpu), `${r.wall.toFixed(3)} ms`, r.bytes]);
printTable(`CPU per request, in-process, least of ${ROUNDS} rounds (N=${N}, ${ITEMS} items, Accept-Encoding: ${BROWSER})`, [
  "target",
  "CPU/req",
  "req/s at 1 core",
  "wall/req",
  "bytes",
], rows);

if (session_) printTop(profiles);

function printTop(all: any[]) {
  const self = new Map<string, number>();
  let total = 0;
  for (const p of all) {
    const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
    const dt = new Map<number, number>();
    p.samples.forEach((id: number, i: number) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
    for (const [id, us] of dt) {
      const f = byId.get(id).callFrame;
      const where = f.url
        ? `${f.url.replace(/^.*\/(node_modules|\.deno|npm)\//, "").replace(/^file:\/\/.*?\/(?=[^/]+\/[^/]+$)/, "")}:${f.lineNumber + 1}`
        : "";
      const key = `${f.functionName || "(anonymous)"} ${where}`;
      self.set(key, (self.get(key) ?? 0) + us);
      total += us;
    }
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
  printTable(
    "Profile: self time, all targets",
    ["function", "share", "ms"],
    top.map(([k, us]) => [k, `${(100 * us / total).toFixed(1)}%`, (us / 1000).toFixed(1)]),
  );
  const out = Deno.env.get("PROFILE_OUT");
  if (out) Deno.writeTextFileSync(out, JSON.stringify(all[0]));
}

db.client.close();
Deno.removeSync(dataDir, { recursive: true });
