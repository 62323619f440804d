/**
 * Feed bench: `NODE_ENV=production deno run -A bench/feed.ts [items]`.
 * Seeds a fresh data dir (10,000 items by default), starts the real server pinned to core 0,
 * and measures with wrk from core 1 (1 thread, 32 connections, 5 s): requests/s and p99 for
 * `/` and `/api/content/feed`, plus the brotli bytes of the home page's HTML, CSS and JS.
 */
import { BROWSER, measure, pageBytes, printTable, startBenchServer, withAgeCookie, WRK, WRK_HEADER, wrkRows } from "./_lib.ts";
import { seedItems } from "./_seed.ts";

const ITEMS = Number(Deno.args[0] ?? 10_000);

const server = await startBenchServer({
  env: { LOG_LEVEL: "error" },
  seed: async (db) => {
    await seedItems(db, ITEMS);
    await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
  },
});
const BASE = server.url;

try {
  // Warm up (JIT, statement cache).
  for (let i = 0; i < 200; i++) await (await fetch(`${BASE}/api/content/feed`)).arrayBuffer();
  for (let i = 0; i < 50; i++) await (await fetch(`${BASE}/`, { headers: withAgeCookie() })).arrayBuffer();

  const html = await (await fetch(`${BASE}/?shuffleSeed=bench`, { headers: withAgeCookie() })).text();
  const cards = html.match(/data-card="/g)?.length ?? 0;
  console.log(`items seeded: ${ITEMS}; cards in the home HTML: ${cards}`);
  const targets = [
    ["/ (home SSR, 30% shuffled)", "/"],
    ["/?shuffleSeed=bench (home SSR, shuffled)", "/?shuffleSeed=bench"],
    ["/api/content/feed (default: trending)", "/api/content/feed"],
    ["/api/content/feed?sortBy=newest", "/api/content/feed?sortBy=newest"],
    ["/api/content/feed?sortBy=popular&page=5", "/api/content/feed?sortBy=popular&page=5"],
    ["/api/content/feed?shuffleSeed=x&page=3", "/api/content/feed?shuffleSeed=x&page=3"],
    ["/api/search?q=neon", "/api/search?q=neon"],
  ];
  const results = [];
  for (const [label, path] of targets) results.push(await measure(label, BASE + path, { headers: BROWSER }));
  printTable(
    `Feed: server on 1 core (taskset -c 0), wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s from core 1`,
    WRK_HEADER,
    wrkRows(results),
  );

  const b = await pageBytes(BASE, "/?shuffleSeed=bench");
  printTable("Compressed bytes of / (brotli, as sent; raw in brackets)", ["HTML", "CSS", "JS", "JS files"], [[
    `${b.html} (${b.raw.html})`,
    `${b.css} (${b.raw.css})`,
    `${b.js} (${b.raw.js})`,
    b.jsFiles,
  ]]);
} finally {
  await server.stop();
}
