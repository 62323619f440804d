/**
 * Feed bench: `NODE_ENV=production deno run -A bench/feed.ts [items]`.
 * Seeds a fresh data dir (10,000 items by default), starts the real server pinned to core 0,
 * and measures with wrk from core 1 (1 thread, 32 connections, 5 s): requests/s and p99 for
 * `/` and `/api/content/feed`, plus the brotli bytes of the home page's HTML, CSS and JS.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { brotliCompressSync } from "node:zlib";
import { prepareData } from "../lib/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { seedItems } from "./_seed.ts";

const ITEMS = Number(Deno.args[0] ?? 10_000);
const PORT = 8700 + Math.floor(Math.random() * 200);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(`${tmpdir()}/dreamreel-bench-`);
const env = { DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", SITE_URL: BASE, LOG_LEVEL: "error", NODE_ENV: "production" };

const db = await prepareData(parseConfig(env));
await seedItems(db, ITEMS);
await db.client.execute("UPDATE media SET featured = 1 WHERE id = 7");
db.client.close();

const server = new Deno.Command("taskset", {
  args: ["-c", "0", Deno.execPath(), "run", "-A", new URL("../main.ts", import.meta.url).pathname],
  env,
  stdout: "null",
  stderr: "inherit",
}).spawn();

async function waitUp() {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`${BASE}/api/categories`);
      await res.body?.cancel();
      if (res.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function wrk(path: string) {
  const out = await new Deno.Command("taskset", {
    args: ["-c", "1", "wrk", "-t1", "-c32", "-d5s", "--latency", "-H", "Accept-Encoding: br", `${BASE}${path}`],
    stdout: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN);
  const p99 = /99%\s+([\d.]+\w+)/.exec(text)?.[1] ?? "?";
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? "0";
  return { rps, p99, errors };
}

async function brotliBytes(path: string) {
  const res = await fetch(`${BASE}${path}`, { headers: { "Accept-Encoding": "br" } });
  const raw = new Uint8Array(await res.arrayBuffer()); // fetch decodes; recompress at the server's level to count
  return { raw: raw.byteLength, br: brotliCompressSync(raw).byteLength };
}

try {
  await waitUp();
  // Warm up (JIT, statement cache).
  for (let i = 0; i < 200; i++) await (await fetch(`${BASE}/api/content/feed`)).arrayBuffer();
  for (let i = 0; i < 50; i++) await (await fetch(`${BASE}/`)).arrayBuffer();

  const html = await (await fetch(`${BASE}/?shuffleSeed=bench`)).text();
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
  console.log("\nserver on 1 core (taskset -c 0), wrk -t1 -c32 -d5s from core 1");
  for (const [label, path] of targets) {
    const r = await wrk(path);
    console.log(`${label.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${r.p99.padStart(8)}   non-2xx ${r.errors}`);
  }

  const css = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
  const scripts = [...html.matchAll(/<(?:link rel="modulepreload"|script type="module") (?:href|src)="([^"]+)"/g)].map((m) => m[1]);
  const page = await brotliBytes("/?shuffleSeed=bench");
  const cssBytes = css ? await brotliBytes(css) : { raw: 0, br: 0 };
  let jsRaw = 0, jsBr = 0;
  for (const s of new Set(scripts)) {
    const b = await brotliBytes(s);
    jsRaw += b.raw;
    jsBr += b.br;
  }
  console.log("\ncompressed bytes of / (brotli; raw in brackets)");
  console.log(
    `HTML ${page.br} (${page.raw})   CSS ${cssBytes.br} (${cssBytes.raw})   JS ${jsBr} (${jsRaw}) in ${new Set(scripts).size} files`,
  );
} finally {
  server.kill("SIGTERM");
  await server.status;
  await Deno.remove(dataDir, { recursive: true });
}
