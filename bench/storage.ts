/**
 * Storage bench (issue 22): `NODE_ENV=production deno run -A bench/storage.ts`.
 * One approved video (a 4 MiB file) served at /uploads/{key} by main.ts pinned to core 0: from
 * local disk (the app streams the bytes) and with STORAGE=s3 (the app answers a redirect to a
 * presigned GET; the bytes then come from the bucket, s3rver on loopback in this process). wrk
 * drives each from core 1; the server's CPU time (/proc/{pid}/stat) and the bytes it sent are
 * divided by the requests served. Figures are printed, never asserted.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import S3rver from "s3rver";
import { insertUser } from "../db/queries/users.ts";
import { media } from "../db/schema/mod.ts";
import { storeFor } from "../lib/storage/store.ts";
import { measure, printTable, startBenchServer } from "./_lib.ts";

// About a 30 s 1080p rendition at 4 Mbit/s; with 4 MiB the ratio measured 0.095 (284 vs 2,990 us).
const FILE_BYTES = 16 * 1024 * 1024;
const KEY = "v/0123456789abcdef0123456789abcdef.mp4";

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

const source = `${Deno.makeTempDirSync({ dir: tmpdir() })}/clip.mp4`;
Deno.writeFileSync(source, new Uint8Array(FILE_BYTES).map((_, i) => (i * 31) & 255));

const s3dir = Deno.makeTempDirSync({ dir: tmpdir(), prefix: "dreamreel-bench-s3-" });
const s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3dir, configureBuckets: [{ name: "dreamreel-bench" }] });
const { port } = await s3.run() as { port: number };
const S3_ENV = {
  STORAGE: "s3",
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_BUCKET: "dreamreel-bench",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
};

const rows: (string | number)[][] = [];
const perRequest: Record<string, number> = {};
try {
  // No jobs: the bench file is not a real video, and an encode would share the server's core.
  for (const [name, env] of [["local disk", { JOBS_IN_WEB: "false" }], ["s3 redirect", { ...S3_ENV, JOBS_IN_WEB: "false" }]] as const) {
    const server = await startBenchServer({
      env,
      seed: async (db, config) => {
        const uploader = await insertUser(db, { username: "bench_uploader", email: null, passwordHash: null });
        await storeFor(config).copyIn(source, KEY);
        await db.insert(media).values({
          userId: uploader.id,
          categoryId: 1,
          title: "Bench clip",
          contentType: "video",
          fileKey: KEY,
          size: FILE_BYTES,
          reviewStatus: "approved",
          aiGenerator: "Runway",
        });
      },
    });
    try {
      const url = `${server.url}/uploads/${KEY}`;
      const probe = await fetch(url, { redirect: "manual" });
      const bytes = (await probe.arrayBuffer()).byteLength;
      const before = cpuSeconds(server.pid);
      const result = await measure(`GET /uploads (${name})`, url, { connections: 8 });
      const cpu = cpuSeconds(server.pid) - before;
      perRequest[name] = (cpu / result.requests) * 1e6;
      rows.push([name, probe.status, result.requests, result.rps, Math.round(perRequest[name]), bytes]);
    } finally {
      await server.stop();
    }
  }
} finally {
  await s3.close();
  await Deno.remove(s3dir, { recursive: true }).catch(() => {});
}
printTable(
  `Storage bench: one ${FILE_BYTES / 1048576} MiB file, server on core 0, wrk -c8 -d5s from core 1`,
  ["backend", "status", "requests", "req/s", "app CPU us/req", "body bytes/req"],
  rows,
);
const ratio = perRequest["s3 redirect"] / perRequest["local disk"];
console.log(`app CPU per request, s3 redirect / local: ${ratio.toFixed(3)} (issue 22 wants well under 0.1)`);
