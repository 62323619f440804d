/**
 * Notifications bench (issue 33): `deno task bench notifications [followers] [rows]`.
 * Seeds a creator with 10,000 followers and another with none, pending items of both, and 1,000,000 notification
 * rows (bulk SQL in one transaction), then starts the real server on core 0 (jobs in the web process, as on a
 * one-process VPS) and measures from core 1:
 *  - approving an item: request time of the creator with 10,000 followers against the one with none, one at a time,
 *    alternating, in the same run (the fan-out is a queued job, so the two should be alike);
 *  - the fan-out job's time for 10,000 followers, measured alone (from queued to done, read from the jobs table);
 *  - `GET /api/notifications/unread-count` req/s with wrk against `GET /api/user` in the same run, better of 2 rounds.
 */
import { BROWSER, measure, printTable, startBenchServer, WRK, WRK_HEADER, type WrkResult, wrkRows } from "./_lib.ts";
import type { Db } from "../db/client.ts";

const FOLLOWERS = Number(Deno.args[0] ?? 10_000);
const ROWS = Number(Deno.args[1] ?? 1_000_000);
const APPROVALS = 40;

const t0 = performance.now();
const server = await startBenchServer({
  admin: true,
  members: 3,
  env: { LOG_LEVEL: "error", JOBS_IN_WEB: "true" },
  seed: seed,
});
const BASE = server.url;
const [adminCookie, busyCookie, quietCookie] = server.cookies;
const ids = { busy: 0, quiet: 0 };

async function seed(db: Db) {
  const run = (sql: string, args: (string | number)[] = []) => db.client.execute({ sql, args });
  const id = async (name: string) => Number((await run("SELECT id FROM users WHERE username = ?", [name])).rows[0].id);
  const busy = await id("bench_member_1");
  const quiet = await id("bench_member_2");
  const now = Date.now();
  await run("BEGIN");
  // The followers, and their follows of the busy creator.
  await run(
    `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
     INSERT INTO users (username, created_at) SELECT 'nf_' || i, ? FROM s`,
    [FOLLOWERS, now],
  );
  await run(
    `INSERT INTO follows (follower_id, followee_id, created_at) SELECT id, ?, ? + id FROM users WHERE username LIKE 'nf\\_%' ESCAPE '\\'`,
    [busy, now],
  );
  await run("UPDATE users SET follower_count = ? WHERE id = ?", [FOLLOWERS, busy]);
  // Pending items of both creators.
  for (const owner of [busy, quiet]) {
    await run(
      `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
       INSERT INTO media (user_id, content_type, title, review_status, created_at, updated_at) SELECT ?, 'image', 'Bench item ' || i, 'pending', ?, ? FROM s`,
      [APPROVALS + 1, owner, now, now],
    );
  }
  // 1,000,000 notifications over the followers (half of them read), 200 of them the quiet creator's own (half unread).
  await run(
    `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ?)
     INSERT INTO notifications (user_id, kind, group_key, day, count, actor_ids, created_at, updated_at, read_at)
     SELECT (SELECT min(id) FROM users WHERE username LIKE 'nf\\_%' ESCAPE '\\') + (i % ?), 'new_follower', 'b' || i, i / ?, 1, '[]', ? - i, ? - i,
       CASE WHEN i % 2 = 0 THEN ? ELSE NULL END FROM s`,
    [ROWS - 200, FOLLOWERS, FOLLOWERS, now, now, now],
  );
  await run(
    `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 200)
     INSERT INTO notifications (user_id, kind, group_key, day, count, actor_ids, created_at, updated_at, read_at)
     SELECT ?, 'new_follower', 'q' || i, i, 1, '[]', ? - i, ? - i, CASE WHEN i % 2 = 0 THEN ? ELSE NULL END FROM s`,
    [quiet, now, now, now],
  );
  await run("COMMIT");
  await run("ANALYZE");
}

const get = (path: string, cookie: string) => fetch(BASE + path, { headers: { ...BROWSER, cookie } });
const json = async (path: string, cookie: string) => await (await get(path, cookie)).json();
ids.busy = (await json("/api/user", busyCookie)).id;
ids.quiet = (await json("/api/user", quietCookie)).id;
console.log(
  `ready in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${FOLLOWERS.toLocaleString("en")} followers, ${
    ROWS.toLocaleString("en")
  } notifications`,
);

const { prepareData } = await import("../lib/boot/bootstrap.ts");
const db = await prepareData(server.config);
const sql = async (q: string, args: (string | number)[] = []) => (await db.client.execute({ sql: q, args })).rows;
const pending = async (owner: number) =>
  (await sql("SELECT id FROM media WHERE user_id = ? AND review_status = 'pending' ORDER BY id", [owner])).map((r) => Number(r.id));
const approve = async (id: number) => {
  const t = performance.now();
  const res = await fetch(`${BASE}/api/admin/content/${id}/approve`, { method: "POST", headers: { cookie: adminCookie, origin: BASE } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`approve ${id}: ${res.status}`);
  return performance.now() - t;
};
const openJobs = async () =>
  Number((await sql("SELECT count(*) AS n FROM jobs WHERE kind = 'notify.followed_upload' AND state IN ('queued', 'running')"))[0].n);
const waitJobs = async () => {
  while ((await openJobs()) > 0) await new Promise((r) => setTimeout(r, 50));
};

try {
  const busyItems = await pending(ids.busy);
  const quietItems = await pending(ids.quiet);
  // The fan-out alone: one approval of the busy creator's item on an idle server, then the job from queued to done.
  await approve(busyItems.shift()!);
  await waitJobs();
  const [job] = await sql("SELECT created_at, updated_at FROM jobs WHERE kind = 'notify.followed_upload' ORDER BY id LIMIT 1");
  const told = Number((await sql("SELECT count(*) AS n FROM notifications WHERE kind = 'followed_upload'"))[0].n);
  console.log(
    `fan-out job: ${told.toLocaleString("en")} followers told in ${
      Number(job.updated_at) - Number(job.created_at)
    } ms (queued to done, batches of 500, jobs in the web process)`,
  );

  // Approvals one at a time, alternating the two creators; the fan-outs they queue run meanwhile, as they would.
  const times = { busy: [] as number[], quiet: [] as number[] };
  await approve(quietItems.shift()!); // warm-up of the path
  for (let i = 0; i < APPROVALS; i++) {
    times.busy.push(await approve(busyItems[i]));
    times.quiet.push(await approve(quietItems[i]));
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  printTable(
    `POST /api/admin/content/{id}/approve, ${APPROVALS} each, one at a time, alternating (server on core 0)`,
    ["creator", "p50", "p99", "max"],
    (["busy", "quiet"] as const).map((k) => [
      k === "busy" ? `${FOLLOWERS.toLocaleString("en")} followers` : "no followers",
      `${pct(times[k], 0.5).toFixed(2)} ms`,
      `${pct(times[k], 0.99).toFixed(2)} ms`,
      `${Math.max(...times[k]).toFixed(2)} ms`,
    ]),
  );
  const drain = performance.now();
  await waitJobs();
  console.log(`the ${APPROVALS} queued fan-outs finished ${((performance.now() - drain) / 1000).toFixed(1)} s after the last approval`);

  // unread-count against /api/user, same member, same run.
  for (let i = 0; i < 200; i++) {
    await (await get("/api/notifications/unread-count", quietCookie)).arrayBuffer();
    await (await get("/api/user", quietCookie)).arrayBuffer();
  }
  const targets: [string, string][] = [
    ["GET /api/user", "/api/user"],
    ["GET /api/notifications/unread-count", "/api/notifications/unread-count"],
  ];
  const results: WrkResult[] = [];
  for (let round = 0; round < 2; round++) {
    for (const [i, [label, path]] of targets.entries()) {
      const r = await measure(label, BASE + path, { headers: { ...BROWSER, cookie: quietCookie } });
      if (!results[i] || r.rps > results[i].rps) results[i] = r;
    }
  }
  const unread = (await json("/api/notifications/unread-count", quietCookie)).unreadCount;
  printTable(
    `${
      ROWS.toLocaleString("en")
    } notification rows; the member has ${unread} unread; wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s from core 1, better of 2 rounds`,
    WRK_HEADER,
    wrkRows(results),
  );
  console.log(`unread-count / /api/user: ${(results[1].rps / results[0].rps).toFixed(2)}`);
} finally {
  db.client.close();
  await server.stop();
}
