/**
 * Admin dashboard figures: requests/s and p99 of the moderation endpoints on one core, and the
 * compressed bytes of the /admin page and its island.
 *   NODE_ENV=production deno run -A bench/admin.ts
 * Seeds 5,000 approved, 300 pending and 200 reported items, starts the real server pinned to
 * core 0 and drives it with wrk from core 1 (32 connections, 5 s per endpoint).
 */
import { fileURLToPath } from "node:url";
import { media, reports, users } from "../db/schema/mod.ts";
import { insertSession } from "../db/queries/sessions.ts";
import { prepareData } from "../lib/bootstrap.ts";
import { parseConfig } from "../lib/config.ts";
import { randomToken, sha256Hex } from "../lib/crypto.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const PORT = 18000 + Math.floor(Math.random() * 1000);
const SITE = `http://127.0.0.1:${PORT}`;
const dataDir = await Deno.makeTempDir({ prefix: "dreamreel-bench-admin-" });
const config = parseConfig({ DATA_DIR: dataDir, SITE_URL: SITE, LOG_LEVEL: "error" });

// ---- seed
const db = await prepareData(config);
const [admin] = await db.insert(users).values({ username: "bench_admin", email: "a@example.com", isAdmin: true }).returning();
const members = await db.insert(users).values(
  Array.from({ length: 50 }, (_, i) => ({ username: `member_${i}`, email: `m${i}@example.com` })),
).returning();
const now = Date.now();
const rows = (n: number, status: "approved" | "pending", offset: number) =>
  Array.from({ length: n }, (_, i) => ({
    userId: members[i % members.length].id,
    title: `${status} item ${i}`,
    description: "A seeded item for the admin bench.",
    contentType: "image" as const,
    reviewStatus: status,
    thumbnailKey: `t/${(offset + i).toString(16).padStart(32, "0")}.jpg`,
    createdAt: now - (offset + i) * 1000,
  }));
const ids: number[] = [];
for (const [n, status, offset] of [[5000, "approved", 0], [300, "pending", 10_000]] as const) {
  const all = rows(n, status, offset);
  for (let i = 0; i < all.length; i += 500) {
    ids.push(...(await db.insert(media).values(all.slice(i, i + 500)).returning({ id: media.id })).map((r) => r.id));
  }
}
const reportRows = ids.slice(0, 200).flatMap((mediaId, i) =>
  [0, 1, 2].map((k) => ({
    mediaId,
    userId: members[(i + k) % members.length].id,
    reporterKey: `u:${members[(i + k) % members.length].id}`,
    reason: "other" as const,
    createdAt: now - i * 1000 - k,
  }))
);
for (let i = 0; i < reportRows.length; i += 300) await db.insert(reports).values(reportRows.slice(i, i + 300));
const sessionId = randomToken();
await insertSession(db, sha256Hex(sessionId), admin.id, now + 86400_000);
db.client.close();
const cookie = `dr_session=${sessionId}`;

// ---- server on core 0
const server = new Deno.Command("taskset", {
  args: ["-c", "0", Deno.execPath(), "run", "-A", "main.ts"],
  cwd: ROOT,
  env: { NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", SITE_URL: SITE, LOG_LEVEL: "error" },
  stdout: "null",
  stderr: "inherit",
}).spawn();

async function waitReady() {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(`${SITE}/api/admin/counts`, { headers: { cookie } });
      await res.body?.cancel();
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function wrk(path: string) {
  const out = await new Deno.Command("taskset", {
    args: ["-c", "1", "wrk", "-t1", "-c32", "-d5s", "--latency", "-H", `Cookie: ${cookie}`, `${SITE}${path}`],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? NaN);
  const p99 = /99%\s+([\d.]+\w+)/.exec(text)?.[1] ?? "?";
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? "0";
  return { rps, p99, non2xx };
}

async function brBytes(path: string) {
  const res = await fetch(`${SITE}${path}`, { headers: { cookie, "accept-encoding": "br" } });
  await res.body?.cancel();
  // fetch decodes the body, so the bytes on the wire are the Content-Length the server set.
  return { bytes: Number(res.headers.get("content-length")), encoding: res.headers.get("content-encoding") ?? "identity" };
}

try {
  await waitReady();
  console.log("Admin endpoints, server on one core, wrk -t1 -c32 -d5s (5,000 approved, 300 pending, 200 reported)");
  for (
    const path of [
      "/api/admin/counts",
      "/api/admin/content/approved?page=1&limit=20",
      "/api/admin/content/approved?page=250&limit=20",
      "/api/admin/content/pending",
      "/api/admin/content/reported",
      "/admin",
    ]
  ) {
    const { rps, p99, non2xx } = await wrk(path);
    console.log(`${path.padEnd(48)} ${rps.toFixed(0).padStart(7)} req/s   p99 ${p99.padStart(8)}   non-2xx ${non2xx}`);
  }
  const manifest = JSON.parse(await Deno.readTextFile(`${ROOT}static/build/manifest.json`));
  const island = manifest.islands.AdminDashboard;
  const page = await brBytes("/admin");
  console.log(`/admin HTML: ${page.bytes} bytes (${page.encoding})`);
  let islandBytes = 0;
  for (const file of [island.file, ...island.imports]) islandBytes += (await brBytes(file)).bytes;
  console.log(`AdminDashboard island (own chunk plus the shared chunks it imports): ${islandBytes} bytes (br)`);
  console.log(`Client entry with the React runtime: ${(await brBytes(manifest.client)).bytes} bytes (br)`);
} finally {
  server.kill("SIGTERM");
  await server.status;
  await Deno.remove(dataDir, { recursive: true });
}
