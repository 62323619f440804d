/**
 * Issue 2 figures: GET / (the demo content) and GET /api/user signed out (401) and signed in
 * (200) on one core; brotli bytes of HTML, CSS and JS for / and /auth; idle RSS.
 *   NODE_ENV=production deno run -A bench/foundation.ts
 */
import { seedDemo } from "../tasks/seed_demo.ts";
import { CSS_COOKIE, cssVersion, manifest } from "../lib/render/assets.ts";
import { BROWSER, kb, measure, pageBytes, printTable, rssMb, startBenchServer, WRK, WRK_HEADER, wrkRows } from "./_lib.ts";

const server = await startBenchServer({ seed: async (db, config) => void await seedDemo(config, db) });
try {
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMb(server.pid);

  const bytes = [await pageBytes(server.url, "/"), await pageBytes(server.url, "/auth")];

  const results = [
    await measure("GET / visitor (2 s page cache)", `${server.url}/`, { headers: BROWSER }),
    await measure("GET / member (never cached)", `${server.url}/`, { headers: { ...BROWSER, cookie: server.cookie } }),
    await measure("GET / member, stylesheet cached", `${server.url}/`, {
      headers: { ...BROWSER, cookie: `${server.cookie}; ${CSS_COOKIE}=${cssVersion(manifest())}` },
    }),
    await measure("GET /api/user signed out (401)", `${server.url}/api/user`),
    await measure("GET /api/user signed in (200)", `${server.url}/api/user`, { headers: { cookie: server.cookie } }),
  ];
  const loaded = rssMb(server.pid);

  printTable(
    `Foundation: server on core 0, wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s from core 1`,
    WRK_HEADER,
    wrkRows(results),
  );
  printTable(
    "Bytes per page (brotli)",
    ["page", "status", "HTML", "CSS", "JS", "JS files"],
    bytes.map((b) => [b.page, b.status, kb(b.html), kb(b.css), kb(b.js), b.jsFiles]),
  );
  printTable("Memory", ["server", "RSS"], [["idle, after start", `${idle.toFixed(1)} MB`], ["after the runs", `${loaded.toFixed(1)} MB`]]);
} finally {
  await server.stop();
}
