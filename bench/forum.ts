/**
 * Forum bench: `NODE_ENV=production deno run -A bench/forum.ts [threads] [seconds]`.
 * Seeds 5,000 threads by default (with their upvote and comment rows), starts the real server
 * pinned to core 0 and measures with wrk from core 1 (1 thread, 32 connections, 5 s a target):
 * requests/s and p99 of `/forum` and `/api/forum/threads` for visitors and for a member, plus
 * the brotli bytes of the page.
 */
import { BROWSER, measure, pageBytes, printTable, startBenchServer, WRK, WRK_HEADER, wrkRows } from "./_lib.ts";
import { seedForum } from "./_seed_forum.ts";

const THREADS = Number(Deno.args[0] ?? 5_000);
const SECONDS = Number(Deno.args[1] ?? WRK.seconds);

const server = await startBenchServer({ env: { LOG_LEVEL: "error" }, seed: (db) => seedForum(db, THREADS) });
const BASE = server.url;
const member = { ...BROWSER, cookie: server.cookie };

try {
  // Warm up (JIT, statement cache).
  for (let i = 0; i < 200; i++) await (await fetch(`${BASE}/api/forum/threads`)).arrayBuffer();
  for (let i = 0; i < 50; i++) await (await fetch(`${BASE}/forum`)).arrayBuffer();

  const html = await (await fetch(`${BASE}/forum`)).text();
  console.log(`threads seeded: ${THREADS}; thread cards in the /forum HTML: ${html.match(/data-thread-id="/g)?.length ?? 0}`);
  const targets: [string, string, Record<string, string>][] = [
    ["/forum (visitor)", "/forum", BROWSER],
    ["/forum (member)", "/forum", member],
    ["/forum?category=showcase&sort=popular", "/forum?category=showcase&sort=popular", BROWSER],
    ["/api/forum/threads (visitor)", "/api/forum/threads", BROWSER],
    ["/api/forum/threads (member)", "/api/forum/threads", member],
    ["/api/forum/threads?sortBy=comments&categoryId=3", "/api/forum/threads?sortBy=comments&categoryId=3", BROWSER],
    ["/api/forum/threads?sortBy=oldest&offset=3000", "/api/forum/threads?sortBy=oldest&offset=3000", BROWSER],
    ["/api/forum/categories", "/api/forum/categories", BROWSER],
  ];
  const results = [];
  for (const [label, path, headers] of targets) results.push(await measure(label, BASE + path, { headers, seconds: SECONDS }));
  printTable(
    `Forum (${THREADS} threads): server on 1 core (taskset -c 0), wrk -t${WRK.threads} -c${WRK.connections} -d${SECONDS}s from core 1`,
    WRK_HEADER,
    wrkRows(results),
  );

  const b = await pageBytes(BASE, "/forum");
  printTable("Compressed bytes of /forum (brotli, as sent; raw in brackets)", ["HTML", "CSS", "JS", "JS files"], [[
    `${b.html} (${b.raw.html})`,
    `${b.css} (${b.raw.css})`,
    `${b.js} (${b.raw.js})`,
    b.jsFiles,
  ]]);
} finally {
  await server.stop();
}
