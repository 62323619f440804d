/**
 * Admin dashboard figures: requests/s and p99 of the moderation endpoints on one core, and the
 * compressed bytes of the /admin page and its island.
 *   NODE_ENV=production deno run -A bench/admin.ts
 * Seeds 5,000 approved, 300 pending and 200 reported items, starts the real server pinned to
 * core 0 and drives it with wrk from core 1 (32 connections, 5 s per endpoint).
 */
import type { Db } from "../db/client.ts";
import { media, reports, users } from "../db/schema/mod.ts";
import { compressedSize, measure, printTable, ROOT, startBenchServer, WRK, WRK_HEADER, wrkRows } from "./_lib.ts";

async function seed(db: Db) {
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
}

// The signed-in member of the bench server is the admin.
const server = await startBenchServer({ admin: true, env: { LOG_LEVEL: "error" }, seed });
const cookie = { cookie: server.cookie };

try {
  const paths = [
    "/api/admin/counts",
    "/api/admin/content/approved?page=1&limit=20",
    "/api/admin/content/approved?page=250&limit=20",
    "/api/admin/content/pending",
    "/api/admin/content/reported",
    "/admin",
  ];
  const results = [];
  for (const path of paths) results.push(await measure(path, server.url + path, { headers: cookie }));
  printTable(
    `Admin endpoints, server on one core, wrk -t${WRK.threads} -c${WRK.connections} -d${WRK.seconds}s (5,000 approved, 300 pending, 200 reported)`,
    WRK_HEADER,
    wrkRows(results),
  );

  const manifest = JSON.parse(await Deno.readTextFile(`${ROOT}static/build/manifest.json`));
  const island = manifest.islands.AdminDashboard;
  const brBytes = async (path: string) => (await compressedSize(server.url + path, cookie)).bytes;
  const page = await compressedSize(`${server.url}/admin`, cookie);
  let islandBytes = 0;
  for (const file of [island.file, ...island.imports]) islandBytes += await brBytes(file);
  printTable("Bytes (brotli)", ["what", "bytes"], [
    [`/admin HTML (${page.encoding})`, page.bytes],
    ["AdminDashboard island (own chunk plus the shared chunks it imports)", islandBytes],
    ["Client entry (the Preact runtime is a shared chunk, counted with the island)", await brBytes(manifest.client)],
  ]);
} finally {
  await server.stop();
}
