/**
 * A member with many mutes against everyone else (issue 31 point 2): another member's feed API
 * (wrk, 32 connections, 8 s) while 20 loops of the muting member's feed requests run, with that member
 * holding 0, 1,000 (the cap) and 40,000 stored mutes (past SQLite's 32,766-variable limit, as a database
 * filled before the cap could hold). Seeds 10,000 items. `BASELINE=/path/to/checkout` runs another
 * checkout's server in turn (the probe's code answered 500 at 40,000 and logged each statement whole).
 *   NODE_ENV=production deno run -A bench/mutes_load.ts
 */
import type { Db } from "../db/client.ts";
import { seedItems } from "./_seed.ts";
import { type BenchServer, measure, printTable, startBenchServer } from "./_lib.ts";

const FEED = "/api/content/feed?page=1&columnCount=3&sortBy=trending";

/** The muting member (`bench_member`) gets `count` tag mutes, one of them a tag every twelfth item carries. */
const seed = (count: number) => async (db: Db) => {
  await seedItems(db, 10_000);
  if (!count) return;
  await db.client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      INSERT INTO user_mutes (user_id, type, value, created_at)
      SELECT (SELECT id FROM users WHERE username = 'bench_member'), 'tag', CASE i WHEN 1 THEN 'neon' ELSE 'unused ' || i END, 0 FROM n`,
    args: [count],
  });
};

/** 20 loops of the muting member's feed until `stop`; answers how many answered and how many failed. */
async function muterLoops(server: BenchServer, stop: () => boolean) {
  let ok = 0, failed = 0;
  await Promise.all(Array.from({ length: 20 }, async () => {
    while (!stop()) {
      const res = await fetch(`${server.url}${FEED}`, { headers: { cookie: server.cookie } });
      await res.body?.cancel();
      if (res.status === 200) ok++;
      else failed++;
    }
  }));
  return { ok, failed };
}

const BASELINE = Deno.env.get("BASELINE");
const rows: (string | number)[][] = [];
for (const count of [0, 1_000, 40_000]) {
  for (const [code, root] of [["this", undefined], ...(BASELINE ? [["baseline", BASELINE]] : [])] as [string, string | undefined][]) {
    const server = await startBenchServer({ seed: seed(count), root, members: 2, env: { JOBS_IN_WEB: "false", LOG_LEVEL: "error" } });
    try {
      let done = false;
      const loops = muterLoops(server, () => done);
      const other = await measure(`other member's feed, ${count} mutes`, `${server.url}${FEED}`, {
        seconds: 8,
        headers: { cookie: server.cookies[1] },
      });
      done = true;
      const muter = await loops;
      rows.push([
        count.toLocaleString("en-US"),
        code,
        Math.round(other.rps),
        `${other.p50.toFixed(2)} ms`,
        `${other.p99.toFixed(2)} ms`,
        Math.round(muter.ok / 8),
        muter.failed,
      ]);
    } finally {
      await server.stop();
    }
  }
}
printTable("another member's feed API (wrk -c32, 8 s) while the muting member's 20 loops run", [
  "stored mutes",
  "code",
  "req/s",
  "p50",
  "p99",
  "muter ok/s",
  "muter failed",
], rows);
