/**
 * Following bench (issue 32): `deno task bench follow [items] [creators] [followed]`.
 * Seeds 100,000 items over 2,000 uploaders (bench/_seed.ts), makes the bench member follow 1,000 of them, starts
 * the real server on core 0 and measures with wrk from core 1, as the member: the Following tab's first page
 * (`GET /api/content/feed?following=true` and the `/following` page) against the All tab's (`/api/content/feed`
 * and `/`) in the same run, a deep Following page, and the first Following request after a follow (when the
 * member's cut of the kept order is made again). Target: the Following tab at least half the All tab's req/s.
 */
import type { Db } from "../db/client.ts";
import { BROWSER, measure, printTable, startBenchServer, WRK, WRK_HEADER, type WrkResult, wrkRows } from "./_lib.ts";
import { seedItems } from "./_seed.ts";

const ITEMS = Number(Deno.args[0] ?? 100_000);
const CREATORS = Number(Deno.args[1] ?? 2_000);
const FOLLOWED = Number(Deno.args[2] ?? 1_000);

type Target = [label: string, path: string];

/**
 * Hook for the collections figure (issue 32 point 5, built on another branch): seed a collection of 1,000 items
 * for `memberId` here and return its page and API paths; they are measured in the same run, beside the two tabs.
 */
async function seedCollection(_db: Db, _memberId: number): Promise<Target[]> {
  return await Promise.resolve([]);
}

let collectionTargets: Target[] = [];
let memberId = 0;
let unfollowable = 0;
const started = performance.now();
const server = await startBenchServer({
  env: { LOG_LEVEL: "error", RATE_FOLLOWS_PER_USER: "1000000" },
  seed: async (db) => {
    await seedItems(db, ITEMS, CREATORS);
    memberId = Number((await db.client.execute("SELECT id FROM users WHERE username = 'bench_member'")).rows[0].id);
    // Every other uploader: the followed ones' items are spread through the whole catalogue.
    await db.client.execute({
      sql: `INSERT INTO follows (follower_id, followee_id, created_at)
        SELECT ?, id, 0 FROM users WHERE username LIKE 'bench\\_user\\_%' ESCAPE '\\' AND id % 2 = 0 ORDER BY id LIMIT ?`,
      args: [memberId, FOLLOWED],
    });
    await db.client.execute({
      sql: "UPDATE users SET following_count = (SELECT count(*) FROM follows WHERE follower_id = ?) WHERE id = ?",
      args: [memberId, memberId],
    });
    unfollowable = Number((await db.client.execute({ sql: "SELECT max(followee_id) AS id FROM follows WHERE follower_id = ?", args: [memberId] })).rows[0].id);
    collectionTargets = await seedCollection(db, memberId);
  },
});
const BASE = server.url;
const member = { ...BROWSER, cookie: server.cookie };

try {
  const get = async (path: string) => await (await fetch(BASE + path, { headers: member })).arrayBuffer();
  const followingPage = await (await fetch(`${BASE}/api/content/feed?following=true&page=1`, { headers: member })).json();
  const followed = await (await fetch(`${BASE}/api/user/following`, { headers: member })).json();
  console.log(
    `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${ITEMS.toLocaleString("en")} items over ${CREATORS.toLocaleString("en")} uploaders; ` +
      `the member follows ${followed.totalCount.toLocaleString("en")}; Following page 1: ${followingPage.content.videos.length} videos, ` +
      `${followingPage.content.images.length} images`,
  );
  // Warm up (JIT, statements, kept orders and rows).
  for (let i = 0; i < 200; i++) {
    await get("/api/content/feed?page=1");
    await get("/api/content/feed?following=true&page=1");
  }
  for (let i = 0; i < 30; i++) await Promise.all([get("/"), get("/following")]);

  const targets: Target[] = [
    ["All tab: GET /api/content/feed?page=1", "/api/content/feed?page=1"],
    ["Following: GET /api/content/feed?following=true&page=1", "/api/content/feed?following=true&page=1"],
    ["Following: page 50", "/api/content/feed?following=true&page=50"],
    ["All tab: GET / (HTML)", "/"],
    ["Following: GET /following (HTML)", "/following"],
    ...collectionTargets,
  ];
  const results: WrkResult[] = [];
  for (const [label, path] of targets) results.push(await measure(label, BASE + path, { headers: member }));
  printTable(
    `Following tab: server on 1 core (taskset -c 0), wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s from core 1, as a member`,
    WRK_HEADER,
    wrkRows(results),
  );
  const ratio = (a: number, b: number) => `${(results[a].rps / results[b].rps).toFixed(2)}`;
  console.log(`Following / All, API page 1: ${ratio(1, 0)}; HTML page: ${ratio(4, 3)}; Following page 50 / page 1: ${ratio(2, 1)} (target: at least 0.5)`);

  // The first Following request after a follow: the member's cut of the kept order is made again (one at a time).
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const method = i % 2 ? "POST" : "DELETE";
    await (await fetch(`${BASE}/api/users/${unfollowable}/follow`, { method, headers: { ...member, origin: BASE } })).arrayBuffer();
    const t = performance.now();
    await get("/api/content/feed?following=true&page=1");
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`first Following page after a follow change: p50 ${times[15].toFixed(2)} ms, max ${times[29].toFixed(2)} ms (30 requests, one at a time)`);
} finally {
  await server.stop();
}
