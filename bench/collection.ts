/**
 * Collection bench (issue 32): `deno task bench collection`, or `NODE_ENV=production deno run -A bench/collection.ts [items] [size]`.
 * Seeds 100,000 items and a public collection of 1,000 of them spread over the catalogue, starts
 * the real server pinned to core 0 with the visitors' page cache off, and measures with wrk from
 * core 1 the collection's page (first and a deep one) against the home page's All tab, alternating
 * them over two rounds in one run, for a visitor and for a member. Target: the collection page at
 * least half the home page's requests/s.
 */
import { findLoginByUsername } from "../db/queries/users.ts";
import { collectionPath } from "../common/collection_rules.ts";
import { BROWSER, measure, printTable, startBenchServer, withAgeCookie, WRK, WRK_HEADER, type WrkResult, wrkRows } from "./_lib.ts";
import { seedItems } from "./_seed.ts";
import { seedCollection } from "./_collection.ts";

const ITEMS = Number(Deno.args[0] ?? 100_000);
const SIZE = Number(Deno.args[1] ?? 1_000);
const TITLE = "Bench collection";

let collectionId = 0;
const server = await startBenchServer({
  // No job runner: the start-up backfills of 100,000 seeded items (hashes, renditions) would share the measured core.
  env: { LOG_LEVEL: "error", PAGE_CACHE_SECONDS: "0", JOBS_IN_WEB: "false" },
  seed: async (db) => {
    console.log(`seeding ${ITEMS.toLocaleString("en")} items and a collection of ${SIZE.toLocaleString("en")}`);
    await seedItems(db, ITEMS);
    const owner = await findLoginByUsername(db, "bench_member");
    collectionId = await seedCollection(db, owner!.id, SIZE, TITLE);
  },
});
const BASE = server.url;
const path = collectionPath({ id: collectionId, title: TITLE });
const member = { ...BROWSER, cookie: server.cookie };

try {
  // Warm up (JIT, statement cache, kept card HTML).
  for (const url of ["/", path, `${path}?page=21`]) {
    for (let i = 0; i < 100; i++) await (await fetch(`${BASE}${url}`, { headers: withAgeCookie() })).arrayBuffer();
  }
  const page = await (await fetch(`${BASE}${path}`, { headers: withAgeCookie() })).text();
  const cards = page.match(/data-card="/g)?.length ?? 0;
  const shown = page.match(/(\d[\d,]*) items</)?.[1];
  console.log(`collection ${path}: ${cards} cards on page 1, ${shown} items shown to a visitor (of ${SIZE} rows)`);

  const results: WrkResult[] = [];
  const rounds: Record<string, number[]> = { home: [], collection: [] };
  for (let round = 1; round <= 2; round++) {
    const home = await measure(`/ (home, All) round ${round}`, `${BASE}/`, { headers: BROWSER });
    const col = await measure(`collection page 1 round ${round}`, `${BASE}${path}`, { headers: BROWSER });
    results.push(home, col);
    rounds.home.push(home.rps);
    rounds.collection.push(col.rps);
  }
  results.push(await measure("collection page 21 (items 481-504)", `${BASE}${path}?page=21`, { headers: BROWSER }));
  results.push(await measure("GET /api/collections/{id}", `${BASE}/api/collections/${collectionId}`, { headers: BROWSER }));
  const memberHome = await measure("/ (home, All), member", `${BASE}/`, { headers: member });
  const memberCol = await measure("collection page 1, member (its owner)", `${BASE}${path}`, { headers: member });
  results.push(memberHome, memberCol);
  printTable(
    `Collection of ${SIZE.toLocaleString("en")} over ${
      ITEMS.toLocaleString("en")
    } items: server on 1 core, wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s from core 1`,
    WRK_HEADER,
    wrkRows(results),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  printTable("Collection page against the home page, same run", ["viewer", "home req/s", "collection req/s", "ratio (target >= 0.5)"], [
    [
      "visitor (both rounds)",
      Math.round(sum(rounds.home)),
      Math.round(sum(rounds.collection)),
      (sum(rounds.collection) / sum(rounds.home)).toFixed(2),
    ],
    ["member", Math.round(memberHome.rps), Math.round(memberCol.rps), (memberCol.rps / memberHome.rps).toFixed(2)],
  ]);
} finally {
  await server.stop();
}
